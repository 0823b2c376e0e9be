import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type Course,
  type CoursePage,
  type Enrollment,
  libraryRpc,
  type PageRequest,
  type SaveCourseRequest,
} from '@hub/proto';
import { RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { CourseCompletion } from './course-completion.js';
import { courseStanding } from './course-progress.js';
import { type CourseRow, CoursesRepository } from './courses.repository.js';

export const COURSE_NOT_FOUND = 'Course not found';
const COURSE_CHANGED = 'This course was changed by someone else. Reload to see the latest version.';

@Injectable()
export class CoursesService {
  constructor(
    @Inject(CoursesRepository) private readonly repository: CoursesRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(CourseCompletion) private readonly completion: CourseCompletion,
  ) {}

  /** Courses of the actor's organization, newest first: one, a page of ids, or all. */
  private rows(actor: Actor, courseIds?: number | number[]): Promise<CourseRow[]> {
    return this.repository.rows(actor.organizationId, actor.userId, courseIds);
  }

  private async view(actor: Actor, rows: CourseRow[]): Promise<Course[]> {
    const sops = await this.repository.sops(rows.map((row) => row.id));
    const passed = await this.repository.passedDocuments(actor.organizationId, actor.userId);
    return rows.map((row) => {
      const own = sops.filter((sop) => sop.course_id === row.id);
      const { status, progress, changedSinceCompletion } = courseStanding(
        own.map((sop) => sop.document_id),
        passed,
        row.my_enrolled_at ? { completedAt: row.my_completed_at } : null,
      );
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        category: row.category,
        duration: row.duration,
        difficulty: row.difficulty,
        status,
        progress,
        changedSinceCompletion,
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
        enrolledAt: row.my_enrolled_at?.toISOString() ?? null,
        dueDate: row.due_day,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      };
    });
  }

  async list(actor: Actor, page: PageRequest): Promise<CoursePage> {
    const { ids, totalCount, nextCursor } = await this.repository.pageIds(
      actor.organizationId,
      page,
    );
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

  async create(actor: Actor, course: SaveCourseRequest): Promise<Course> {
    const sops = await this.checkedSops(actor, course.documentIds);
    const id = await this.repository.transaction(async (tx) => {
      const created = await this.repository.insert(tx, actor.organizationId, actor.userId, course);
      await this.repository.replaceSops(tx, created, sops);
      return created;
    });
    return this.one(actor, id);
  }

  /**
   * Saves the edit over the course the editor read (`course.updatedAt`): one saved since by
   * someone else is refused, not silently overwritten; the row is locked from the comparison to
   * the write, so of two saves made from one read the second finds the first's. Without it (an
   * older API client) the save is the last word.
   */
  async update(actor: Actor, courseId: number, course: SaveCourseRequest): Promise<Course> {
    await this.one(actor, courseId);
    const sops = await this.checkedSops(actor, course.documentIds);
    const request = await this.repository.transaction(async (tx) => {
      const saved = await this.repository.lockForEdit(tx, actor.organizationId, courseId);
      if (!saved) throw RpcFailure.notFound(COURSE_NOT_FOUND);
      if (course.updatedAt !== undefined && saved.getTime() !== Date.parse(course.updatedAt))
        throw new RpcFailure('conflict', COURSE_CHANGED);
      await this.repository.update(tx, courseId, course);
      await this.repository.replaceSops(tx, courseId, sops);
      return this.repository.owesCompletionCheck(tx, courseId);
    });
    await this.completion.afterEdit({
      organization_id: actor.organizationId,
      course_id: courseId,
      request,
    });
    return this.one(actor, courseId);
  }

  async delete(actor: Actor, courseId: number) {
    const course = await this.one(actor, courseId);
    await this.repository.delete(courseId);
    return { message: `Course ${course.title} deleted` };
  }

  async enroll(actor: Actor, courseId: number): Promise<Course> {
    await this.one(actor, courseId);
    await this.repository.enroll(courseId, actor.userId);
    await this.completion.forEnrolment(actor.userId, courseId);
    return this.one(actor, courseId);
  }

  async rate(actor: Actor, courseId: number, rating: number): Promise<Course> {
    const course = await this.one(actor, courseId);
    if (course.status !== 'completed' || course.enrolledAt === null)
      throw new RpcFailure('conflict', 'Complete the course before rating it.');
    await this.repository.rate(courseId, actor.userId, rating);
    return this.one(actor, courseId);
  }

  async enrollments(actor: Actor): Promise<Enrollment[]> {
    // Every course the actor is enrolled in, whatever page of the list it sits on, and only
    // those: reading every course of the organization (and all their SOPs) grew with it.
    const rows = await this.repository.enrollmentsOf(actor.organizationId, actor.userId);
    if (rows.length === 0) return [];
    const courses = await this.view(
      actor,
      await this.rows(
        actor,
        rows.map((row) => row.course_id),
      ),
    );
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
