import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { MemberFilter } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { MemberIdsRepository } from './member-ids.repository.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

type Filter = Omit<MemberFilter, 'organizationId'>;

describe('UsersService.memberSearch', () => {
  let resources: TestResources;
  let db: DataSource;
  let users: UsersService;
  const org = { works: 0, other: 0, empty: 0 };
  let worksIds: number[] = [];

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    users = new UsersService(new UsersRepository(db), new MemberIdsRepository(db));
    const organizations = (await db.query(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ('works', 'Works', 'works.example'), ('other', 'Other', 'other.example'),
              ('empty', 'Empty', 'empty.example')
       RETURNING id`,
    )) as { id: number }[];
    [org.works, org.other, org.empty] = organizations.map((row) => row.id) as [
      number,
      number,
      number,
    ];
    // 40 people: repeated names (the page orders by name, then id), three roles, a quarter
    // pending; and a namesake in another organization.
    const rows = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       SELECT 'p' || i || '@works.example', 'Person ' || lpad((i % 13)::text, 2, '0'),
              (ARRAY['operator', 'manager', 'training_supervisor'])[1 + i % 3], $1, i % 4 <> 0
         FROM generate_series(1, 40) i
       RETURNING id`,
      [org.works],
    )) as { id: number }[];
    worksIds = rows.map((row) => row.id);
    await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ('p1@other.example', 'Person 01', 'operator', $1, true)`,
      [org.other],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /**
   * What the two calls it replaces answered: memberPage's page and total, and memberSelection's
   * ids (the filter's, or the organization's others' when fewer; listed whenever ids are asked).
   */
  async function previously(organizationId: number, filter: Filter, offset: number, limit: number) {
    const full = { organizationId, ...filter };
    const page =
      limit === 0
        ? { members: [], total: (await users.memberIds(full)).length }
        : await users.memberPage(full, offset, limit);
    const listed = await users.memberIds(full);
    const everyone = (
      (await db.query('SELECT id FROM users WHERE organization_id = $1 ORDER BY id', [
        organizationId,
      ])) as { id: number }[]
    ).map((row) => row.id);
    const excluded = filter.userIds === undefined && listed.length * 2 > everyone.length;
    return {
      ...page,
      selection: excluded
        ? { kind: 'excluded', userIds: everyone.filter((id) => !listed.includes(id)) }
        : { kind: 'listed', userIds: listed },
    };
  }

  const filters = (): Filter[] => [
    {},
    { active: true },
    { active: false },
    { search: 'person 0' },
    { search: 'Person 01' },
    { search: 'nobody' },
    { search: 'p1', active: true },
    { roles: ['manager'], active: true },
    { roles: ['operator', 'manager'] },
    // A job function's members, searched or not, with a stranger's id among them.
    { userIds: worksIds.slice(0, 30) },
    { userIds: [...worksIds.filter((_, i) => i % 3 === 0)], active: true, search: 'person' },
    { userIds: [worksIds[0]!, 999_999_999] },
    { userIds: [] },
  ];

  it('answers what the page and the selection answered, for each filter and page', async () => {
    for (const filter of filters()) {
      for (const [offset, limit] of [
        [0, 10],
        [10, 10],
        [35, 10],
        [1000, 50],
        [0, 0],
      ] as const) {
        const label = `${JSON.stringify(filter)} ${offset}+${limit}`;
        const found = await users.memberSearch(
          { organizationId: org.works, ...filter },
          offset,
          limit,
        );
        expect(found, label).toEqual(await previously(org.works, filter, offset, limit));
      }
    }
  });

  it("counts every active person's page from the kept head counts, as counting them did", async () => {
    const total = async (organizationId: number) =>
      (await users.memberPage({ organizationId, active: true }, 0, 5)).total;
    const counted = async (organizationId: number) =>
      (await users.memberIds({ organizationId, active: true })).length;
    expect(await total(org.works)).toBe(await counted(org.works));
    expect(await total(org.empty)).toBe(0);
    // After people change status and leave, through the triggers.
    await db.query(`UPDATE users SET is_active = NOT is_active WHERE id = ANY($1::int[])`, [
      worksIds.slice(0, 6),
    ]);
    await db.query(`DELETE FROM users WHERE id = $1`, [worksIds.at(-1)]);
    worksIds = worksIds.slice(0, -1);
    expect(await total(org.works)).toBe(await counted(org.works));
    // 30 active; of the first six, five go pending and one comes back; the last was pending.
    expect(await total(org.works)).toBe(26);
  });

  it('answers an organization without people, and never another organization', async () => {
    for (const filter of [{}, { search: 'person' }, { active: true }]) {
      const found = await users.memberSearch({ organizationId: org.empty, ...filter }, 0, 50);
      expect(found).toEqual({ members: [], total: 0, selection: { kind: 'listed', userIds: [] } });
    }
    const other = await users.memberSearch({ organizationId: org.other }, 0, 50);
    expect(other.members.map((member) => member.email)).toEqual(['p1@other.example']);
    expect(other.selection.kind).toBe('excluded');
    expect(other.selection.userIds).toEqual([]);
  });
});
