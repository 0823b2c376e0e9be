import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, SaveCourseRequest } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openObservationDatabase } from '../database.js';
import type { CourseCompletion } from './course-completion.js';
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
const completion = { forCourse: () => Promise.resolve() } as unknown as CourseCompletion;
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
