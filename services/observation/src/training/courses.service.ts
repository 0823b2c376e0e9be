import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type Actor,
  type Course,
  type CoursePage,
  type Enrollment,
  libraryRpc,
  type PageRequest,
  type SaveCourseRequest,
  TRAINING_EDITORS,
} from '@hub/proto';
import { keysetIds, requireRole, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { CourseCompletion } from './course-completion.js';
import { passedDocuments, progressOf } from './course-progress.js';

interface CourseRow {
  id: number;
  title: string;
  description: string;
  category: string;
  duration: string;
  difficulty: Course['difficulty'];
  due_day: string | null;
  created_at: Date;
  enrolled: number;
  rating: string | null;
  rating_count: number;
  my_enrolled_at: Date | null;
  my_completed_at: Date | null;
  my_rating: number | null;
}

interface CourseSopRow {
  course_id: number;
  document_id: number;
  title: string;
  evaluation_id: number | null;
}

export const COURSE_NOT_FOUND = 'Course not found';

@Injectable()
export class CoursesService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(CourseCompletion) private readonly completion: CourseCompletion,
  ) {}

  /** Courses of the actor's organization, newest first: one, a page of ids, or all. */
  private async rows(actor: Actor, courseIds?: number | number[]): Promise<CourseRow[]> {
    return (await this.db.query(
      `SELECT c.*, to_char(c.due_date, 'YYYY-MM-DD') AS due_day, (SELECT count(*)::int FROM enrollments e WHERE e.course_id = c.id) AS enrolled,
              (SELECT round(avg(rating), 1) FROM enrollments e WHERE e.course_id = c.id AND rating IS NOT NULL) AS rating,
              (SELECT count(rating)::int FROM enrollments e WHERE e.course_id = c.id) AS rating_count,
              me.enrolled_at AS my_enrolled_at, me.completed_at AS my_completed_at, me.rating AS my_rating
         FROM courses c LEFT JOIN enrollments me ON me.course_id = c.id AND me.user_id = $2
        WHERE c.organization_id = $1 ${courseIds !== undefined ? 'AND c.id = ANY($3::int[])' : ''}
        ORDER BY c.created_at DESC, c.id DESC`,
      courseIds !== undefined
        ? [actor.organizationId, actor.userId, [courseIds].flat()]
        : [actor.organizationId, actor.userId],
    )) as CourseRow[];
  }

  private async view(actor: Actor, rows: CourseRow[]): Promise<Course[]> {
    const sops = rows.length
      ? ((await this.db.query(
          `SELECT * FROM course_sops WHERE course_id = ANY($1::int[]) ORDER BY course_id, position`,
          [rows.map((row) => row.id)],
        )) as CourseSopRow[])
      : [];
    const passed = await passedDocuments(this.db, actor.organizationId, actor.userId);
    return rows.map((row) => {
      const own = sops.filter((sop) => sop.course_id === row.id);
      const progress = row.my_enrolled_at
        ? progressOf(
            own.map((sop) => sop.document_id),
            passed,
          )
        : 0;
      const status = !row.my_enrolled_at
        ? 'not_started'
        : progress >= 100 || row.my_completed_at
          ? 'completed'
          : 'in_progress';
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        category: row.category,
        duration: row.duration,
        difficulty: row.difficulty,
        status,
        progress: status === 'completed' ? 100 : progress,
        enrolled: row.enrolled,
        rating: row.rating === null ? null : Number(row.rating),
        ratingCount: row.rating_count,
        myRating: row.my_rating,
        sops: own.map((sop) => ({
          documentId: sop.document_id,
          title: sop.title,
          evaluationId: sop.evaluation_id,
          passed: passed.has(sop.document_id),
        })),
        dueDate: row.due_day,
        createdAt: row.created_at.toISOString(),
      };
    });
  }

  async list(actor: Actor, page: PageRequest): Promise<CoursePage> {
    const { ids, totalCount, nextCursor } = await keysetIds(this.db, {
      from: 'courses c',
      where: 'c.organization_id = $1',
      params: [actor.organizationId],
      at: 'c.created_at',
      id: 'c.id',
      ...page,
    });
    const courses = ids.length ? await this.view(actor, await this.rows(actor, ids)) : [];
    return { courses, totalCount, nextCursor };
  }

  async one(actor: Actor, courseId: number): Promise<Course> {
    const rows = await this.rows(actor, courseId);
    if (rows.length === 0) throw RpcFailure.notFound(COURSE_NOT_FOUND);
    return (await this.view(actor, rows))[0]!;
  }

  /** Every SOP of a course needs a published evaluation of the organization: learners pass it in observations. */
  private async checkedSops(actor: Actor, documentIds: number[]) {
    const unique = [...new Set(documentIds)];
    const found = await this.rpc.call(libraryRpc.publishedEvaluations, {
      organizationId: actor.organizationId,
      documentIds: unique,
    });
    const missing = unique.filter(
      (id) => !found.some((row) => row.documentId === id && row.published),
    );
    if (missing.length > 0) {
      const titles = missing.map(
        (id) => found.find((row) => row.documentId === id)?.title ?? `document ${id}`,
      );
      throw RpcFailure.validation(
        `These SOPs have no published evaluation: ${titles.join(', ')}.`,
        'documentIds',
      );
    }
    return unique.map((id) => found.find((row) => row.documentId === id)!);
  }

  private async writeSops(
    tx: EntityManager,
    courseId: number,
    sops: Awaited<ReturnType<CoursesService['checkedSops']>>,
  ) {
    await tx.query(`DELETE FROM course_sops WHERE course_id = $1`, [courseId]);
    for (const [position, sop] of sops.entries()) {
      await tx.query(
        `INSERT INTO course_sops (course_id, position, document_id, title, evaluation_id) VALUES ($1, $2, $3, $4, $5)`,
        [courseId, position, sop.documentId, sop.title, sop.evaluationId],
      );
    }
  }

  async create(actor: Actor, course: SaveCourseRequest): Promise<Course> {
    requireRole(actor, TRAINING_EDITORS);
    const sops = await this.checkedSops(actor, course.documentIds);
    const id = await this.db.transaction(async (tx) => {
      const [created] = (await tx.query(
        `INSERT INTO courses (organization_id, title, description, category, duration, difficulty, created_by, due_date)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          actor.organizationId,
          course.title,
          course.description,
          course.category,
          course.duration,
          course.difficulty,
          actor.userId,
          course.dueDate,
        ],
      )) as { id: number }[];
      await this.writeSops(tx, created!.id, sops);
      return created!.id;
    });
    return this.one(actor, id);
  }

  async update(actor: Actor, courseId: number, course: SaveCourseRequest): Promise<Course> {
    requireRole(actor, TRAINING_EDITORS);
    await this.one(actor, courseId);
    const sops = await this.checkedSops(actor, course.documentIds);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE courses SET title = $2, description = $3, category = $4, duration = $5, difficulty = $6, due_date = $7, updated_at = now() WHERE id = $1`,
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
      await this.writeSops(tx, courseId, sops);
    });
    await this.completion.forCourse(courseId);
    return this.one(actor, courseId);
  }

  async delete(actor: Actor, courseId: number) {
    requireRole(actor, TRAINING_EDITORS);
    const course = await this.one(actor, courseId);
    await this.db.query(`DELETE FROM courses WHERE id = $1`, [courseId]);
    return { message: `Course ${course.title} deleted` };
  }

  async enroll(actor: Actor, courseId: number): Promise<Course> {
    await this.one(actor, courseId);
    await this.db.query(
      `INSERT INTO enrollments (course_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [courseId, actor.userId],
    );
    await this.completion.forEnrolment(actor.userId, courseId);
    return this.one(actor, courseId);
  }

  async rate(actor: Actor, courseId: number, rating: number): Promise<Course> {
    const course = await this.one(actor, courseId);
    if (course.status !== 'completed')
      throw new RpcFailure('conflict', 'Complete the course before rating it.');
    await this.db.query(
      `UPDATE enrollments SET rating = $3 WHERE course_id = $1 AND user_id = $2`,
      [courseId, actor.userId, rating],
    );
    return this.one(actor, courseId);
  }

  async enrollments(actor: Actor): Promise<Enrollment[]> {
    // Every course the actor is enrolled in, whatever page of the list it sits on.
    const courses = await this.view(actor, await this.rows(actor));
    const rows = (await this.db.query(
      `SELECT course_id, enrolled_at, completed_at FROM enrollments WHERE user_id = $1`,
      [actor.userId],
    )) as {
      course_id: number;
      enrolled_at: Date;
      completed_at: Date | null;
    }[];
    return rows.flatMap((row) => {
      const course = courses.find((candidate) => candidate.id === row.course_id);
      if (!course) return [];
      return [
        {
          courseId: course.id,
          courseTitle: course.title,
          status: course.status,
          progress: course.progress,
          enrolledAt: row.enrolled_at.toISOString(),
          completedAt: row.completed_at?.toISOString() ?? null,
        },
      ];
    });
  }
}
