import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { MemberFilter, MemberKey } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { MemberIdsRepository } from './member-ids.repository.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** Names whose order is the database's collation (case and accents), and one repeated. */
const NAMES = ['adam', 'Bea', 'bea', 'Émile', 'emma', 'Zoë', 'carl', 'Bea', 'dora', 'Carl'];

/**
 * memberRanks: where keys fall among a batch of people in memberPage's order, so that a caller
 * paging many batches in one order can start a deep page at its first person.
 */
describe('UsersService.memberRanks', () => {
  let resources: TestResources;
  let db: DataSource;
  let users: UsersService;
  let organizationId = 0;
  let ids: number[] = [];

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    users = new UsersService(new UsersRepository(db), new MemberIdsRepository(db));
    const [organization] = (await db.query(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ('works', 'Works Ltd', 'works.example') RETURNING id`,
    )) as { id: number }[];
    organizationId = organization!.id;
    const rows = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       SELECT 'p' || n || '@works.example', ($2::text[])[n], 'operator', $1, n % 4 <> 0
         FROM generate_series(1, cardinality($2::text[])) n ORDER BY n RETURNING id`,
      [organizationId, NAMES],
    )) as { id: number }[];
    ids = rows.map((row) => row.id);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The oracle: memberPage's own order, people after the key read with `after`. */
  async function before(filter: MemberFilter, key: MemberKey): Promise<number> {
    const { members, total } = await users.memberPage(filter, 0, 1000, key);
    const isOne = (await users.memberPage(filter, 0, 1000)).members.some(
      (person) => person.id === key.id && person.name === key.name,
    );
    return total - members.length - (isOne ? 1 : 0);
  }

  it("counts the people before each key in memberPage's order, a key of a person included", async () => {
    const filter = { organizationId, active: true, userIds: ids.slice(0, 9) };
    const everyone = (await users.memberPage({ organizationId }, 0, 1000)).members;
    const keys: MemberKey[] = [
      ...everyone.map((person) => ({ name: person.name, id: person.id })),
      { name: 'bea', id: 0 },
      { name: 'BEA', id: 1_000_000 },
      { name: 'émile', id: ids[3]! },
      { name: '', id: 0 },
      { name: 'zzz', id: 0 },
    ];
    const ranks = await users.memberRanks(filter, keys);
    const want = await Promise.all(keys.map((key) => before(filter, key)));
    expect(ranks).toEqual(want);
    expect(ranks.at(-2)).toBe(0);
    expect(ranks.at(-1)).toBe((await users.memberPage(filter, 0, 1)).total);
  });

  it("answers nothing of another organization's people", async () => {
    const ranks = await users.memberRanks({ organizationId: organizationId + 1, userIds: ids }, [
      { name: 'zzz', id: 0 },
    ]);
    expect(ranks).toEqual([0]);
  });

  it('takes the batch of people its contract requires, as identityRpc.memberRanks does', () => {
    // Checked by the type check: a filter without `userIds` would rank the whole organization.
    expectTypeOf<Parameters<UsersService['memberRanks']>[0]['userIds']>().toEqualTypeOf<number[]>();
  });
});
