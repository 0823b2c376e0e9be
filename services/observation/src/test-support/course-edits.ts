import type { DataSource } from 'typeorm';
import { type Actor, type Course, SaveCourseRequest } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { CoursesService } from '../training/courses.service.js';

/** The library: every SOP has a published evaluation, SOP n's numbered n × 10. */
export const library = {
  call: (_contract: unknown, request: { documentIds: number[] }) =>
    Promise.resolve(
      request.documentIds.map((documentId) => ({
        documentId,
        title: `SOP ${documentId}`,
        evaluationId: documentId * 10,
        published: true,
      })),
    ),
} as unknown as RpcClient;

/**
 * A course as its editor saves it: `updatedAt` the version the editor read (without it, as an API
 * client sending no read time, the save has the last word).
 */
export const draft = (title: string, documentIds: number[], updatedAt?: string) =>
  SaveCourseRequest.parse({
    title,
    category: 'Safety',
    duration: '1 hour',
    difficulty: 'Beginner',
    documentIds,
    updatedAt,
  });

/** `course` created by `actor` through `courses`, `learner` enrolled in it. */
export async function createCourseEnrolling(
  db: DataSource,
  courses: CoursesService,
  actor: Actor,
  course: SaveCourseRequest,
  learner: number,
): Promise<Course> {
  const created = await courses.create(actor, course);
  await db.query(`INSERT INTO enrollments (course_id, user_id) VALUES ($1, $2)`, [
    created.id,
    learner,
  ]);
  return created;
}
