import type { DataSource } from 'typeorm';
import type { RpcClient } from '@hub/kit';
import type { CountingIdentity } from '@hub/testing/identity';
import type {
  CertificationIssuer,
  CompletedCourse,
} from '../certifications/certification-issuer.js';
import { Members } from '../team/members.js';
import { CourseCompletionRepository } from '../training/course-completion.repository.js';
import { CourseCompletion } from '../training/course-completion.js';

/** A course of `organizationId` titled `title`, with `sopId` its one SOP when given; its id. */
export async function insertCourse(
  db: DataSource,
  organizationId: number,
  title: string,
  sopId?: number,
): Promise<number> {
  const [course] = (await db.query(
    `INSERT INTO courses (organization_id, title, description, category, duration, difficulty,
       created_by)
     VALUES ($1, $2, '', 'Safety', '1 hour', 'Beginner', 1) RETURNING id`,
    [organizationId, title],
  )) as { id: number }[];
  if (sopId !== undefined) {
    await db.query(
      `INSERT INTO course_sops (course_id, position, document_id, title) VALUES ($1, 0, $2, 'S')`,
      [course!.id, sopId],
    );
  }
  return course!.id;
}

/**
 * `operatorId` of `organizationId` passed SOP `documentId` just now, on its evaluation as the
 * library numbers it (n × 10).
 */
export async function insertPassedObservation(
  db: DataSource,
  organizationId: number,
  operatorId: number,
  documentId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
       questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
       score, passed, started_at, completed_at)
     VALUES ($1, $4, $3, $5, '[]', $2, 'Lee', 2, 'Tess', 80, 'completed', 90, true,
             now() - interval '1 hour', now())`,
    [organizationId, operatorId, documentId, documentId * 10, `SOP ${documentId}`],
  );
}

/**
 * The course completion under test: the certificates it issues go to `courseCompleted` (in
 * place of the issuer), and `identity` answers about its learners.
 */
export function completionIssuingTo(
  db: DataSource,
  courseCompleted: (course: CompletedCourse, at: Date) => Promise<void>,
  identity: Pick<CountingIdentity, 'rpc'>,
): CourseCompletion {
  return new CourseCompletion(
    new CourseCompletionRepository(db),
    { courseCompleted } as unknown as CertificationIssuer,
    new Members(identity.rpc as unknown as RpcClient),
  );
}
