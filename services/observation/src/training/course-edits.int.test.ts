import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { completionIssuingTo, insertPassedObservation } from '../test-support/course-completion.js';
import { createCourseEnrolling, draft, library } from '../test-support/course-edits.js';
import type { CourseCompletion } from './course-completion.js';
import { CoursesRepository } from './courses.repository.js';
import { CoursesService } from './courses.service.js';

const ORG = 81;
const tess: Actor = { userId: 2, organizationId: ORG, role: 'training_supervisor' };
const adam: Actor = { userId: 3, organizationId: ORG, role: 'admin' };
const completion = { afterEdit: () => Promise.resolve() } as unknown as CourseCompletion;
/** Identity away: every question to it fails. */
const identityAway = { call: () => Promise.reject(new Error('identity unavailable')) };

describe('two people editing one course', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: CoursesService;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
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
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const completing = completionIssuingTo(
      db,
      () => Promise.reject(new Error('no certificate is issued while identity is away')),
      { rpc: identityAway },
    );
    service = new CoursesService(new CoursesRepository(db), library, completing);
    // The learner passed SOP 5, not SOP 4.
    await insertPassedObservation(db, ORG, learner, 5);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('is saved and answered, not failed after its commit (a retry then met its own save as a conflict)', async () => {
    const created = await createCourseEnrolling(db, service, tess, draft('Freezers', [4]), learner);
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
