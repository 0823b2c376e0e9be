import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, identityRpc, libraryRpc, type RpcContract } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { Members } from '../team/members.js';
import { insertJobFunction } from '../test-support/job-function.js';
import { PlayedMemberIds, type PlayedPerson } from '../test-support/played-member-ids.js';
import { SkillsMatrixRepository } from './skills-matrix.repository.js';
import { SkillsMatrixService } from './skills-matrix.service.js';

const ACME = 95;
const SOP = 4;
/** Ids a page: the pending and the suspended people each take several. */
const ID_PAGE = 2;
/** The function's holders: 52-54 pending, 55-57 suspended (56 pending too), none certified. */
const HOLDERS = Array.from({ length: 10 }, (_, index) => 51 + index);
const PEOPLE: PlayedPerson[] = HOLDERS.map((id) => ({
  id,
  organizationId: ACME,
  role: 'operator',
  isActive: id < 52 || id > 54,
  suspended: id >= 55 && id <= 57,
}));
const COUNTED = HOLDERS.filter((id) => id < 52 || id > 57).length;

/**
 * The skills matrix's column gaps leave out the people its counts do not count (pending and
 * suspended), whose ids were every one in one answer; they now come a page of ids at a time.
 */
describe("the skills matrix's gaps without the uncounted, their ids a page at a time", () => {
  let resources: TestResources;
  let db: DataSource;
  let jobFunctionId: number;
  const ids = new PlayedMemberIds(PEOPLE);
  const actor: Actor = { userId: 1, organizationId: ACME, role: 'admin' };

  const rpc = {
    call: (contract: RpcContract, request: unknown): Promise<unknown> => {
      if (contract === identityRpc.memberIdPage) return Promise.resolve(ids.page(request));
      if (contract === identityRpc.memberPage) return Promise.resolve({ members: [], total: 0 });
      if (contract === libraryRpc.sopTitles) return Promise.resolve([]);
      return Promise.reject(new Error(`unexpected call ${contract.pattern}`));
    },
  } as unknown as RpcClient;
  const matrix = () =>
    new SkillsMatrixService(new SkillsMatrixRepository(db), new Members(rpc, ID_PAGE), rpc);

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    jobFunctionId = await insertJobFunction(db, ACME, SOP, HOLDERS);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const gapsOf = async (jobFunctionId?: number) => {
    ids.answered.length = 0;
    const query = { page: 1, sopPage: 1, ...(jobFunctionId ? { jobFunctionId } : {}) };
    const page = await matrix().page(actor, query, { pageSize: 10, withTotals: true });
    return page.sops.find((sop) => sop.documentId === SOP)?.gaps;
  };

  it("counts every function's counted holders, the uncounted asked over several pages", async () => {
    expect(await gapsOf()).toBe(COUNTED);
    expect(ids.answered.length).toBeGreaterThan(2);
    expect(Math.max(...ids.answered)).toBeLessThanOrEqual(ID_PAGE);
  });

  it("counts one function's counted holders alike", async () => {
    expect(await gapsOf(jobFunctionId)).toBe(COUNTED);
    expect(ids.answered.length).toBeGreaterThan(2);
  });
});
