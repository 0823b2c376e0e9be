import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Course, PageRequest, SaveCourseRequest } from '@hub/proto';
import { keysetIds } from '@hub/kit';

export interface CourseRow {
  id: number;
  title: string;
  description: string;
  category: string;
  duration: string;
  difficulty: Course['difficulty'];
  due_day: string | null;
  created_at: Date;
  updated_at: Date;
  enrolled: number;
  rating: string | null;
  rating_count: number;
  my_enrolled_at: Date | null;
  my_completed_at: Date | null;
  my_rating: number | null;
}

export interface CourseSopRow {
  course_id: number;
  document_id: number;
  title: string;
  evaluation_id: number | null;
}

export interface CourseSop {
  documentId: number;
  title: string;
  evaluationId: number | null;
}

export type CourseFields = Omit<SaveCourseRequest, 'documentIds' | 'updatedAt'>;

export interface EnrollmentRow {
  course_id: number;
  enrolled_at: Date;
  completed_at: Date | null;
}

/**
 * Queries of courses, their SOPs and enrolments. Course reads are scoped to the organization and
 * carry the reader's own enrolment; methods that run inside the service's transactions take its
 * manager.
 */
@Injectable()
export class CoursesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Courses of the organization, newest first, with the user's enrolment: one, some, or all. */
  async rows(
    organizationId: number,
    userId: number,
    courseIds?: number | number[],
  ): Promise<CourseRow[]> {
    return (await this.db.query(
      `SELECT c.*, to_char(c.due_date, 'YYYY-MM-DD') AS due_day, (SELECT count(*)::int FROM enrollments e WHERE e.course_id = c.id) AS enrolled,
              (SELECT round(avg(rating), 1) FROM enrollments e WHERE e.course_id = c.id AND rating IS NOT NULL) AS rating,
              (SELECT count(rating)::int FROM enrollments e WHERE e.course_id = c.id) AS rating_count,
              me.enrolled_at AS my_enrolled_at, me.completed_at AS my_completed_at, me.rating AS my_rating
         FROM courses c LEFT JOIN enrollments me ON me.course_id = c.id AND me.user_id = $2
        WHERE c.organization_id = $1 ${courseIds !== undefined ? 'AND c.id = ANY($3::int[])' : ''}
        ORDER BY c.created_at DESC, c.id DESC`,
      courseIds !== undefined
        ? [organizationId, userId, [courseIds].flat()]
        : [organizationId, userId],
    )) as CourseRow[];
  }

  /** One page of the organization's course ids, newest first, with the count of all. */
  pageIds(organizationId: number, page: PageRequest) {
    return keysetIds(this.db, {
      from: 'courses c',
      where: 'c.organization_id = $1',
      params: [organizationId],
      at: 'c.created_at',
      id: 'c.id',
      ...page,
    });
  }

  /** The courses' SOPs, by course and position. */
  async sops(courseIds: number[]): Promise<CourseSopRow[]> {
    if (courseIds.length === 0) return [];
    return (await this.db.query(
      `SELECT * FROM course_sops WHERE course_id = ANY($1::int[]) ORDER BY course_id, position`,
      [courseIds],
    )) as CourseSopRow[];
  }

  /** Documents the user has passed in an observation. */
  async passedDocuments(organizationId: number, userId: number): Promise<Set<number>> {
    const rows = (await this.db.query(
      `SELECT DISTINCT document_id FROM observations
        WHERE organization_id = $1 AND operator_id = $2 AND status = 'completed' AND passed`,
      [organizationId, userId],
    )) as { document_id: number }[];
    return new Set(rows.map((row) => row.document_id));
  }

  /** The new course's id. */
  async insert(
    tx: EntityManager,
    organizationId: number,
    createdBy: number,
    course: CourseFields,
  ): Promise<number> {
    const [created] = (await tx.query(
      `INSERT INTO courses (organization_id, title, description, category, duration, difficulty, created_by, due_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        organizationId,
        course.title,
        course.description,
        course.category,
        course.duration,
        course.difficulty,
        createdBy,
        course.dueDate,
      ],
    )) as { id: number }[];
    return created!.id;
  }

  /**
   * When the organization's course was last saved, to the millisecond (as its `updatedAt` reads),
   * locked until the transaction ends; null when it has no such course.
   */
  async lockForEdit(tx: EntityManager, organizationId: number, courseId: number) {
    const [row] = (await tx.query(
      `SELECT date_trunc('milliseconds', updated_at) AS updated_at FROM courses
        WHERE id = $1 AND organization_id = $2 FOR UPDATE`,
      [courseId, organizationId],
    )) as { updated_at: Date }[];
    return row?.updated_at ?? null;
  }

  /**
   * A later updated_at than the one it replaces, by a millisecond at least: the next editor's
   * read names this save and no other, even two saves within one millisecond.
   */
  async update(tx: EntityManager, courseId: number, course: CourseFields): Promise<void> {
    await tx.query(
      `UPDATE courses SET title = $2, description = $3, category = $4, duration = $5, difficulty = $6, due_date = $7,
              updated_at = greatest(now(), date_trunc('milliseconds', updated_at) + interval '1 millisecond')
        WHERE id = $1`,
      [
        courseId,
        course.title,
        course.description,
        course.category,
        course.duration,
        course.difficulty,
        course.dueDate,
      ],
    );
  }

  /** Replaces the course's SOPs with these, in this order. */
  async replaceSops(tx: EntityManager, courseId: number, sops: CourseSop[]): Promise<void> {
    await tx.query(`DELETE FROM course_sops WHERE course_id = $1`, [courseId]);
    for (const [position, sop] of sops.entries()) {
      await tx.query(
        `INSERT INTO course_sops (course_id, position, document_id, title, evaluation_id) VALUES ($1, $2, $3, $4, $5)`,
        [courseId, position, sop.documentId, sop.title, sop.evaluationId],
      );
    }
  }

  /**
   * The edit owes its completion check, written with it: one that fails after the commit
   * (identity away) is done by the retry pass (CourseCompletion.recheckCourses). A new request
   * replaces an earlier edit's, due at once. Answers the request, which the check after the
   * commit clears once done.
   */
  async owesCompletionCheck(tx: EntityManager, courseId: number): Promise<string> {
    const [row] = (await tx.query(
      `INSERT INTO course_completion_checks (course_id) VALUES ($1)
       ON CONFLICT (course_id) DO UPDATE
         SET request = gen_random_uuid(), requested_at = now(), attempts = 0, last_error = NULL,
             next_attempt_at = now()
       RETURNING request`,
      [courseId],
    )) as { request: string }[];
    return row!.request;
  }

  /**
   * The SOP leaves every course of the organization that contained it (a deleted document); the
   * others keep their order, by the positions they had.
   */
  async removeSop(organizationId: number, documentId: number): Promise<void> {
    await this.db.query(
      `DELETE FROM course_sops s USING courses c
        WHERE c.id = s.course_id AND c.organization_id = $1 AND s.document_id = $2`,
      [organizationId, documentId],
    );
  }

  async delete(courseId: number): Promise<void> {
    await this.db.query(`DELETE FROM courses WHERE id = $1`, [courseId]);
  }

  /** Enrols the user; enrolling again changes nothing. */
  async enroll(courseId: number, userId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO enrollments (course_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [courseId, userId],
    );
  }

  async rate(courseId: number, userId: number, rating: number): Promise<void> {
    await this.db.query(
      `UPDATE enrollments SET rating = $3 WHERE course_id = $1 AND user_id = $2`,
      [courseId, userId, rating],
    );
  }

  /** Every enrolment of the user in a course of the organization, by course. */
  async enrollmentsOf(organizationId: number, userId: number): Promise<EnrollmentRow[]> {
    return (await this.db.query(
      `SELECT e.course_id, e.enrolled_at, e.completed_at
         FROM enrollments e JOIN courses c ON c.id = e.course_id
        WHERE e.user_id = $2 AND c.organization_id = $1 ORDER BY e.course_id`,
      [organizationId, userId],
    )) as EnrollmentRow[];
  }
}
