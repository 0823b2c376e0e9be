import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  type Actor,
  identityRpc,
  libraryRpc,
  type MemberFilter,
  type MemberKey,
  type RpcContract,
} from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { type Member, Members } from '../team/members.js';
import { insertJobFunction } from '../test-support/job-function.js';
import { FunctionPeople } from './function-people.js';
import { SkillsMatrixRepository } from './skills-matrix.repository.js';
import { SkillsMatrixService } from './skills-matrix.service.js';
import { uncountedPeopleIn } from './uncounted-people.js';

const ACME = 96;
const OTHER = 97;
const SOP = 5;
/** People named or answered in one message at most: every walk below takes several. */
const BATCH = 8;
/**
 * Identity's order: a collation (case and accents aside), which no comparison of JavaScript
 * strings here reproduces ("adam" before "Bea", "émile" between "Dora" and "Fritz").
 */
const collation = new Intl.Collator('en', { sensitivity: 'base' });
const NAMES = ['adam', 'Bea', 'carl', 'Dora', 'émile', 'Fritz', 'gus', 'Hanna'];

/** 40 people of ACME (names repeated, so id breaks ties); the first 30 hold the function. */
const PEOPLE: Member[] = Array.from({ length: 40 }, (_, i) => ({
  id: 201 + ((i * 7) % 40),
  name: `${NAMES[i % NAMES.length]} ${i % 3}${i % 5 === 0 ? ' cook' : ''}`,
  email: `p${i}@acme.example`,
  role: 'operator',
  isActive: i % 6 !== 1,
  suspended: i % 7 === 2,
  profilePicture: null,
}));
const HOLDERS = PEOPLE.slice(0, 30).map((person) => person.id);
const THEIRS: Member[] = [{ ...PEOPLE[0]!, id: 900, email: 'x@other.example' }];

const byName = (a: MemberKey, b: MemberKey) => collation.compare(a.name, b.name) || a.id - b.id;

function holds(filter: MemberFilter, person: Member): boolean {
  const search = filter.search?.trim().toLowerCase() ?? '';
  return (
    (search === '' ||
      person.name.toLowerCase().includes(search) ||
      person.email.toLowerCase().includes(search)) &&
    (filter.active === undefined || person.isActive === filter.active) &&
    (filter.suspended === undefined || person.suspended === filter.suspended) &&
    (filter.userIds === undefined || filter.userIds.includes(person.id))
  );
}

/**
 * Identity over PEOPLE, each request checked against its contract, and no message naming or
 * answering more than BATCH people (identity's bound in production is 1,000).
 */
class PlayedIdentity {
  /** The most ids or people each pattern was sent or answered in one message. */
  readonly most = new Map<string, number>();
  readonly calls = new Map<string, number>();

  private note(pattern: string, ...sizes: number[]) {
    this.most.set(pattern, Math.max(this.most.get(pattern) ?? 0, ...sizes));
    this.calls.set(pattern, (this.calls.get(pattern) ?? 0) + 1);
  }

  private of(organizationId: number) {
    return [
      ...PEOPLE.filter(() => organizationId === ACME),
      ...THEIRS.filter(() => organizationId === OTHER),
    ];
  }

  answer(contract: RpcContract, request: unknown): unknown {
    if (contract === identityRpc.memberPage) {
      const { offset, limit, after, ...filter } = identityRpc.memberPage.request.parse(request);
      const all = this.of(filter.organizationId).filter((person) => holds(filter, person));
      const members = all
        .sort(byName)
        .filter((person) => !after || byName(person, after) > 0)
        .slice(offset, offset + limit);
      this.note(contract.pattern, filter.userIds?.length ?? 0, members.length);
      return { members, total: all.length };
    }
    if (contract === identityRpc.memberRanks) {
      const { keys, ...filter } = identityRpc.memberRanks.request.parse(request);
      const all = this.of(filter.organizationId).filter((person) => holds(filter, person));
      this.note(contract.pattern, filter.userIds.length, keys.length);
      return keys.map((key) => all.filter((person) => byName(person, key) < 0).length);
    }
    if (contract === identityRpc.memberIdPage || contract === identityRpc.otherMemberIdPage) {
      const { afterId, limit, ...filter } = identityRpc.memberIdPage.request.parse(request);
      const other = contract === identityRpc.otherMemberIdPage;
      const ids = this.of(filter.organizationId)
        .filter((person) => holds(filter, person) !== other && person.id > afterId)
        .map((person) => person.id)
        .sort((a, b) => a - b)
        .slice(0, limit);
      this.note(contract.pattern, filter.userIds?.length ?? 0, ids.length);
      return ids;
    }
    if (contract === identityRpc.memberSearch) return this.search(request);
    if (contract === identityRpc.uncountedMemberIdPage) {
      const { organizationIds, afterId, limit } =
        identityRpc.uncountedMemberIdPage.request.parse(request);
      const ids = organizationIds
        .flatMap((organizationId) => this.of(organizationId))
        .filter((person) => (!person.isActive || person.suspended) && person.id > afterId)
        .map((person) => person.id)
        .sort((a, b) => a - b)
        .slice(0, limit);
      this.note(contract.pattern, ids.length);
      return ids;
    }
    throw new Error(`unexpected call ${contract.pattern}`);
  }

  private search(request: unknown) {
    const { offset, limit, selectionLimit, ...filter } =
      identityRpc.memberSearch.request.parse(request);
    const everyone = this.of(filter.organizationId);
    const all = everyone.filter((person) => holds(filter, person)).sort(byName);
    const excluded = filter.userIds === undefined && all.length * 2 > everyone.length;
    const ids = (excluded ? everyone.filter((person) => !holds(filter, person)) : all)
      .map((person) => person.id)
      .sort((a, b) => a - b);
    const more = selectionLimit !== undefined && ids.length > selectionLimit;
    const userIds = more ? ids.slice(0, selectionLimit) : ids;
    const members = all.slice(offset, offset + limit);
    this.note(
      identityRpc.memberSearch.pattern,
      filter.userIds?.length ?? 0,
      userIds.length,
      members.length,
    );
    return {
      members,
      total: all.length,
      selection: { kind: excluded ? 'excluded' : 'listed', userIds, more },
    };
  }
}

/**
 * The skills matrix of a job function whose holders are more than one message may name: each
 * message names a batch of them, yet its pages are identity's order by name across the function
 * and its totals and gaps those of every holder; a search's selection and the uncounted people
 * come a page of ids at a time.
 */
describe('the skills matrix of a large job function, a batch of people a message', () => {
  let resources: TestResources;
  let db: DataSource;
  let jobFunctionId: number;
  let identity: PlayedIdentity;
  const actor: Actor = { userId: 1, organizationId: ACME, role: 'admin' };
  const rpc = {
    call: (contract: RpcContract, request: unknown): Promise<unknown> => {
      if (contract === libraryRpc.sopTitles) return Promise.resolve([]);
      try {
        return Promise.resolve(identity.answer(contract, request));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  } as unknown as RpcClient;
  const members = () => new Members(rpc, BATCH);
  const matrix = () =>
    new SkillsMatrixService(new SkillsMatrixRepository(db), members(), rpc, BATCH);

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    jobFunctionId = await insertJobFunction(db, ACME, SOP, HOLDERS);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The function's counted holders (accepted, not suspended) a search holds, by name. */
  const expected = (search = '') =>
    PEOPLE.filter(
      (person) =>
        HOLDERS.includes(person.id) &&
        holds({ organizationId: ACME, active: true, suspended: false, search }, person),
    ).sort(byName);

  async function everyPage(search?: string) {
    identity = new PlayedIdentity();
    const pageSize = 7;
    const query = { jobFunctionId, sopPage: 1, ...(search ? { search } : {}) };
    const first = await matrix().page(actor, { ...query, page: 1 }, { pageSize, withTotals: true });
    const rows = [...first.rows];
    for (let page = 2; page <= first.totalPages; page += 1)
      rows.push(
        ...(await matrix().page(actor, { ...query, page }, { pageSize, withTotals: false })).rows,
      );
    return { first, ids: rows.map((row) => row.userId) };
  }

  it("pages the function's holders in identity's order by name, with every holder's totals", async () => {
    const want = expected();
    const { first, ids } = await everyPage();
    expect(first.totalRows).toBe(want.length);
    expect(first.totalPages).toBeGreaterThan(2);
    expect(ids).toEqual(want.map((person) => person.id));
    // No certification: every counted holder lacks the SOP.
    expect(first.sops[0]?.gaps).toBe(want.length);
    expect(identity.calls.get(identityRpc.memberPage.pattern)).toBeGreaterThan(4);
    expect(Math.max(...identity.most.values())).toBeLessThanOrEqual(BATCH);
  });

  it("pages a search among the function's holders, its gaps those of whom it selects", async () => {
    const want = expected('a');
    expect(want.length).toBeGreaterThan(BATCH);
    const { first, ids } = await everyPage('a');
    expect(first.totalRows).toBe(want.length);
    expect(ids).toEqual(want.map((person) => person.id));
    expect(first.sops[0]?.gaps).toBe(want.length);
    expect(identity.most.get(identityRpc.memberIdPage.pattern)).toBeGreaterThan(0);
    expect(Math.max(...identity.most.values())).toBeLessThanOrEqual(BATCH);
  });

  it.each([
    ['a broad search (the others listed)', 'e'],
    ['a narrow search (its people listed)', 'cook'],
  ])('counts %s over pages of ids', async (_, search) => {
    identity = new PlayedIdentity();
    const page = await matrix().page(
      actor,
      { page: 1, sopPage: 1, search },
      { pageSize: 5, withTotals: true },
    );
    expect(page.sops[0]?.gaps).toBe(expected(search).length);
    expect(identity.calls.get(identityRpc.memberSearch.pattern)).toBe(1);
    expect(Math.max(...identity.most.values())).toBeLessThanOrEqual(BATCH);
  });

  it('walks every holder by name a few at a time, as the export reads them', async () => {
    identity = new PlayedIdentity();
    const filter = { organizationId: ACME, active: true, suspended: false, userIds: HOLDERS };
    const walk = new FunctionPeople(members(), filter, BATCH);
    const read: number[] = [];
    for (let batch = await walk.take(5); batch.length; batch = await walk.take(5))
      read.push(...batch.map((person) => person.id));
    expect(read).toEqual(expected().map((person) => person.id));
    expect(Math.max(...identity.most.values())).toBeLessThanOrEqual(BATCH);
  });

  it("asks the organizations' uncounted people a page of ids at a time", async () => {
    identity = new PlayedIdentity();
    const ids = await uncountedPeopleIn(new Members(rpc, BATCH / 2), [ACME, OTHER]);
    const want = PEOPLE.filter((person) => !person.isActive || person.suspended)
      .map((person) => person.id)
      .sort((a, b) => a - b);
    expect(ids).toEqual(want);
    expect(identity.calls.get(identityRpc.uncountedMemberIdPage.pattern)).toBeGreaterThan(2);
    expect(identity.most.get(identityRpc.uncountedMemberIdPage.pattern)).toBeLessThanOrEqual(BATCH);
  });
});
