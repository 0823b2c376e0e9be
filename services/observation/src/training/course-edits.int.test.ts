import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, SaveCourseRequest } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTestResources, type TestResources } from '@hub/testing';
import type { CertificationIssuer } from '../certifications/certification-issuer.js';
import { openObservationDatabase } from '../database.js';
import { Members } from '../team/members.js';
import { CourseCompletionRepository } from './course-completion.repository.js';
import { CourseCompletion } from './course-completion.js';
import { CoursesRepository } from './courses.repository.js';
import { CoursesService } from './courses.service.js';

const ORG = 81;
const tess: Actor = { userId: 2, organizationId: ORG, role: 'training_supervisor' };
const adam: Actor = { userId: 3, organizationId: ORG, role: 'admin' };
/** The library: SOPs 4 and 5 have published evaluations. */
const library = {
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
const completion = { afterEdit: () => Promise.resolve() } as unknown as CourseCompletion;
/** Identity away: every question to it fails. */
const identityAway = {
  call: () => Promise.reject(new Error('identity unavailable')),
} as unknown as RpcClient;
const draft = (title: string, documentIds: number[], updatedAt?: string) =>
  SaveCourseRequest.parse({
    title,
    category: 'Safety',
    duration: '1 hour',
    difficulty: 'Beginner',
    documentIds,
    updatedAt,
  });

describe('two people editing one course', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: CoursesService;

  beforeAll(async () => {
    resources = claimTestResources();
    db = await openObservationDatabase(resources.databaseUrl);
    service = new CoursesService(new CoursesRepository(db), library, completion);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it("refuses the second save made from the same read, rather than lose the first's", async () => {
    const created = await service.create(tess, draft('Kitchen basics', [4]));
    // Both open the editor on the same course.
    const read = created.updatedAt;
    const first = await service.update(tess, created.id, draft('Kitchen basics', [4, 5], read));
    expect(first.sops.map((sop) => sop.documentId)).toEqual([4, 5]);
    expect(first.updatedAt).not.toBe(read);
    await expect(
      service.update(adam, created.id, draft('Kitchen safety', [4], read)),
    ).rejects.toMatchObject({
      message: 'This course was changed by someone else. Reload to see the latest version.',
    });
    const kept = await service.one(adam, created.id);
    expect(kept).toMatchObject({ title: 'Kitchen basics', updatedAt: first.updatedAt });
    expect(kept.sops.map((sop) => sop.documentId)).toEqual([4, 5]);
    // Reloaded, the save goes through; an API client sending no read time has the last word.
    await service.update(adam, created.id, draft('Kitchen safety', [4], kept.updatedAt));
    const last = await service.update(adam, created.id, draft('Kitchen', [5]));
    expect(last.title).toBe('Kitchen');
  });

  it('lets only one of two saves made at once from the same read through', async () => {
    const created = await service.create(tess, draft('Ovens', [4]));
    const saves = await Promise.allSettled([
      service.update(tess, created.id, draft('Ovens A', [4], created.updatedAt)),
      service.update(adam, created.id, draft('Ovens B', [5], created.updatedAt)),
    ]);
    expect(saves.filter((save) => save.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('a course edit while identity is away', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: CoursesService;
  const learner = 7;

  beforeAll(async () => {
    resources = claimTestResources();
    db = await openObservationDatabase(resources.databaseUrl);
    const completing = new CourseCompletion(
      new CourseCompletionRepository(db),
      {} as CertificationIssuer,
      new Members(identityAway),
    );
    service = new CoursesService(new CoursesRepository(db), library, completing);
    // The learner passed SOP 5, not SOP 4.
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       VALUES ($1, 50, 5, 'SOP 5', '[]', $2, 'Lee', 2, 'Tess', 80, 'completed', 90, true,
               now() - interval '1 hour', now())`,
      [ORG, learner],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('is saved and answered, not failed after its commit (a retry then met its own save as a conflict)', async () => {
    const created = await service.create(tess, draft('Freezers', [4]));
    await db.query(`INSERT INTO enrollments (course_id, user_id) VALUES ($1, $2)`, [
      created.id,
      learner,
    ]);
    // Now the learner's enrolment is one to complete: identity is asked whether they are away.
    const saved = await service.update(tess, created.id, draft('Freezers', [5], created.updatedAt));
    expect(saved.sops.map((sop) => sop.documentId)).toEqual([5]);
    // Not known to be present, the learner's enrolment stays open for their next pass.
    expect(
      await db.query(`SELECT completed_at FROM enrollments WHERE course_id = $1`, [created.id]),
    ).toEqual([{ completed_at: null }]);
    const again = await service.update(tess, created.id, draft('Freezers 2', [5], saved.updatedAt));
    expect(again.title).toBe('Freezers 2');
  });
});
