import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, JOB_FUNCTION_MEMBERS_PAGE, type JobFunction } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import type { Member, Members } from '../team/members.js';
import { JobFunctionMembersRepository } from './job-function-members.repository.js';
import { JobFunctionsRepository } from './job-functions.repository.js';
import { JobFunctionsService } from './job-functions.service.js';

/**
 * A job function's holders were answered all at once, with every function of the list: a
 * function held by thousands of a 100,000-person organization sent them all. The list carries
 * each function's first page and count, the others come a page at a time after its cursor, and
 * the coverage still counts every holder.
 */
describe("a job function's holders, a page at a time", () => {
  let resources: TestResources;
  let db: DataSource;
  let service: JobFunctionsService;
  const ORG = 12;
  const actor: Actor = { userId: 1, organizationId: ORG, role: 'admin' };
  const HOLDERS = 2 * JOB_FUNCTION_MEMBERS_PAGE + 13;
  const holderIds = Array.from({ length: HOLDERS }, (_, index) => 1001 + index);
  /** Pending: listed among the holders, not counted in the coverage. */
  const PENDING = 1003;
  const COOLING = 4;
  const ALLERGENS = 5;
  let functionId: number;
  const some = vi.fn(async (_organizationId: number, ids: number[]) =>
    ids
      .filter((id) => id < 5000)
      .map((id): Member => ({
        id,
        name: `Holder ${id}`,
        email: `h${id}@example.test`,
        role: 'operator',
        isActive: id !== PENDING,
        suspended: false,
        profilePicture: null,
      })),
  );
  /** Whom identity names pending (not active) or suspended. */
  const ids = vi.fn(async (filter: { active?: boolean; suspended?: boolean }) =>
    filter.active === false ? [PENDING] : [],
  );

  /** Cooling certified for even ids, Allergens for multiples of three. */
  const holds = (userId: number, documentId: number) =>
    documentId === COOLING ? userId % 2 === 0 : userId % 3 === 0;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    [{ id: functionId }] = (await db.query(
      `INSERT INTO job_functions (organization_id, name, created_by) VALUES ($1, 'Line cook', 1)
       RETURNING id`,
      [ORG],
    )) as [{ id: number }];
    await db.query(
      `INSERT INTO job_function_sops (job_function_id, document_id, title)
       VALUES ($1, $2, 'Cooling'), ($1, $3, 'Allergens')`,
      [functionId, COOLING, ALLERGENS],
    );
    await db.query(
      `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
       SELECT $1, $2, unnest($3::int[])`,
      [functionId, ORG, holderIds],
    );
    const certified = holderIds.flatMap((userId) =>
      [COOLING, ALLERGENS]
        .filter((documentId) => holds(userId, documentId))
        .map((documentId) => ({ userId, documentId })),
    );
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       SELECT $1, c.user_id, 'Holder ' || c.user_id, 'sop', c.document_id, 'SOP', 12, now(),
              now() + interval '1 year', 'PAGE-' || c.user_id || '-' || c.document_id
         FROM unnest($2::int[], $3::int[]) AS c(user_id, document_id)`,
      [ORG, certified.map((pair) => pair.userId), certified.map((pair) => pair.documentId)],
    );
    service = new JobFunctionsService(
      new JobFunctionsRepository(db),
      new JobFunctionMembersRepository(db),
      { byIds: some, ids } as unknown as Members,
      {} as RpcClient,
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const lineCook = async (): Promise<JobFunction> =>
    (await service.list(actor)).jobFunctions.find((one) => one.id === functionId)!;

  it('lists the first page of holders with their count and the cursor of the rest', async () => {
    some.mockClear();
    const listed = await lineCook();
    expect(listed.members.map((member) => member.userId)).toEqual(
      holderIds.slice(0, JOB_FUNCTION_MEMBERS_PAGE),
    );
    expect(listed.memberCount).toBe(HOLDERS);
    expect(listed.membersCursor).toEqual(expect.any(String));
    // Identity is asked for the page's people alone.
    expect(some.mock.calls.flatMap(([, asked]) => asked)).toHaveLength(JOB_FUNCTION_MEMBERS_PAGE);
    expect(listed.members.find((member) => member.userId === 1004)).toMatchObject({
      certified: 1,
      required: 2,
      coverage: 50,
      missingDocumentIds: [ALLERGENS],
    });
  });

  it('answers the next pages after the cursor: every holder once, in order', async () => {
    const listed = await lineCook();
    const seen = listed.members.map((member) => member.userId);
    let cursor = listed.membersCursor;
    let pages = 0;
    while (cursor !== null) {
      const page = await service.memberPage(
        actor,
        functionId,
        { cursor, limit: JOB_FUNCTION_MEMBERS_PAGE },
        undefined,
      );
      expect(page.totalCount).toBe(HOLDERS);
      expect(page.members.length).toBeLessThanOrEqual(JOB_FUNCTION_MEMBERS_PAGE);
      seen.push(...page.members.map((member) => member.userId));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(holderIds);
  });

  it('counts the coverage over every counted holder, not only the listed page', async () => {
    const counted = holderIds.filter((userId) => userId !== PENDING);
    const percents = counted.map((userId) => {
      const certified = [COOLING, ALLERGENS].filter((sop) => holds(userId, sop)).length;
      return Math.round((certified / 2) * 1000) / 10;
    });
    const mean = percents.reduce((sum, value) => sum + value, 0) / percents.length;
    expect((await lineCook()).coverage).toBe(Math.round(mean * 10) / 10);
  });

  it('tells which of some people hold the function', async () => {
    const page = await service.memberPage(
      actor,
      functionId,
      { limit: JOB_FUNCTION_MEMBERS_PAGE },
      [1005, 1006, 4000],
    );
    expect(page.members.map((member) => member.userId)).toEqual([1005, 1006]);
    expect(page).toMatchObject({ totalCount: 2, nextCursor: null });
  });

  it('adds and removes holders, leaving those no chooser showed', async () => {
    const changed = await service.changeMembers(actor, functionId, {
      add: [4000],
      remove: [1001],
    });
    expect(changed.memberCount).toBe(HOLDERS);
    expect(changed.members[0]!.userId).toBe(1002);
    const all = (await db.query(
      `SELECT user_id FROM job_function_members WHERE job_function_id = $1 ORDER BY user_id`,
      [functionId],
    )) as { user_id: number }[];
    expect(all.map((row) => row.user_id)).toEqual([...holderIds.slice(1), 4000]);
  });
});
