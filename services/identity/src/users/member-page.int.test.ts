import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { MemberIdsRepository } from './member-ids.repository.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

describe('UsersService.memberPage / memberIds', () => {
  let resources: TestResources;
  let db: DataSource;
  let users: UsersService;
  const org = { works: 0, other: 0 };
  const id: Record<string, number> = {};

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    users = new UsersService(new UsersRepository(db), new MemberIdsRepository(db));
    const organizations = (await db.query(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ('works', 'Works Ltd', 'works.example'), ('other', 'Other Co', 'other.example')
       RETURNING id`,
    )) as { id: number }[];
    org.works = organizations[0]!.id;
    org.other = organizations[1]!.id;
    // Two people named Bea: the page orders by name, then id.
    const rows = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ('ada@works.example', 'Ada Lovelace', 'admin', $1, true),
              ('bea1@works.example', 'Bea', 'operator', $1, true),
              ('bea2@works.example', 'Bea', 'operator', $1, false),
              ('cy@works.example', 'Cy 100%_sure', 'training_supervisor', $1, true),
              ('dora@works.example', 'Dora', 'manager', $1, true),
              ('ada@other.example', 'Ada Other', 'operator', $2, true)
       RETURNING id, email`,
      [org.works, org.other],
    )) as { id: number; email: string }[];
    for (const row of rows) {
      const [local, domain] = row.email.split('@') as [string, string];
      id[domain === 'other.example' ? `${local}@other` : local] = row.id;
    }
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const page = (filter: Record<string, unknown>, offset = 0, limit = 10) =>
    users.memberPage({ organizationId: org.works, ...filter }, offset, limit);
  const names = (members: { name: string; id: number }[]) =>
    members.map((member) => `${member.name}#${member.id}`);

  it('pages the organization by name then id, with the total', async () => {
    const first = await page({}, 0, 2);
    expect(first.total).toBe(5);
    expect(names(first.members)).toEqual([`Ada Lovelace#${id.ada}`, `Bea#${id.bea1}`]);
    const second = await page({}, 2, 2);
    expect(names(second.members)).toEqual([`Bea#${id.bea2}`, `Cy 100%_sure#${id.cy}`]);
    const last = await page({}, 4, 2);
    expect(names(last.members)).toEqual([`Dora#${id.dora}`]);
    expect((await page({}, 10, 2)).members).toEqual([]);
    expect(first.members[0]).toEqual({
      id: id.ada,
      name: 'Ada Lovelace',
      email: 'ada@works.example',
      role: 'admin',
      isActive: true,
      suspended: false,
      profilePicture: null,
    });
  });

  it('pages after a person: someone leaving an earlier page moves no later page', async () => {
    const filter = { organizationId: org.works, active: true };
    const first = await users.memberPage(filter, 0, 2);
    expect(names(first.members)).toEqual([`Ada Lovelace#${id.ada}`, `Bea#${id.bea1}`]);
    // While the export runs, Ada, on the page already read, leaves.
    await db.query(`UPDATE users SET is_active = false WHERE id = $1`, [id.ada]);
    try {
      const second = await users.memberPage(filter, 0, 2, first.members.at(-1));
      expect(names(second.members)).toEqual([`Cy 100%_sure#${id.cy}`, `Dora#${id.dora}`]);
      // By offset, the same page would have skipped Cy.
      expect(names((await users.memberPage(filter, 2, 2)).members)).toEqual([`Dora#${id.dora}`]);
    } finally {
      await db.query(`UPDATE users SET is_active = true WHERE id = $1`, [id.ada]);
    }
  });

  it("never answers another organization's people", async () => {
    const ada = await page({ search: 'ada' });
    expect(ada.members.map((member) => member.id)).toEqual([id.ada]);
    expect(ada.total).toBe(1);
    const asked = await page({ userIds: [id.ada!, id['ada@other']!] });
    expect(asked.members.map((member) => member.id)).toEqual([id.ada]);
    expect(await users.memberIds({ organizationId: org.works, search: 'other' })).toEqual([]);
  });

  it('searches name or email, case-insensitively, as a plain substring', async () => {
    expect(names((await page({ search: 'LOVE' })).members)).toEqual([`Ada Lovelace#${id.ada}`]);
    expect((await page({ search: 'DORA@WORKS' })).members.map((m) => m.id)).toEqual([id.dora]);
    // % and _ are the characters themselves, not patterns.
    expect((await page({ search: '100%_' })).members.map((m) => m.id)).toEqual([id.cy]);
    expect((await page({ search: '%' })).members.map((m) => m.id)).toEqual([id.cy]);
    expect((await page({ search: 'a_a' })).total).toBe(0);
    expect((await page({ search: '  ' })).total).toBe(5);
  });

  it('narrows by roles, status and ids', async () => {
    const operators = await page({ roles: ['operator', 'training_supervisor'], active: true });
    expect(operators.members.map((member) => member.id)).toEqual([id.bea1, id.cy]);
    expect((await page({ active: false })).members.map((member) => member.id)).toEqual([id.bea2]);
    expect((await page({ userIds: [id.dora!, id.bea2!] })).members.map((m) => m.id)).toEqual([
      id.bea2,
      id.dora,
    ]);
    expect(await page({ userIds: [] })).toEqual({ members: [], total: 0 });
    expect(await users.memberIds({ organizationId: org.works, active: true })).toEqual(
      [id.ada, id.bea1, id.cy, id.dora].sort((a, b) => a! - b!),
    );
  });

  it('leaves out suspended people when asked, in the page, its total, the ids and the selection', async () => {
    await db.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [id.cy]);
    try {
      // The Start Observation picker's filter: accepted, not suspended, of the observed roles.
      const observable = { roles: ['operator', 'training_supervisor'], active: true };
      const chosen = await page({ ...observable, suspended: false }, 0, 1);
      expect(chosen.members.map((member) => member.id)).toEqual([id.bea1]);
      expect(chosen.total).toBe(1);
      // Every accepted person, the suspended too; those who may act (the skills matrix's
      // filter), whose total is read from active_members, leave them out.
      expect((await page({ active: true })).total).toBe(4);
      expect((await page({ active: true, suspended: false })).total).toBe(3);
      expect((await page(observable)).members.find((m) => m.id === id.cy)?.suspended).toBe(true);
      expect(await users.memberIds({ organizationId: org.works, suspended: true })).toEqual([
        id.cy,
      ]);
      const search = await users.memberSearch(
        { organizationId: org.works, active: true, suspended: false },
        0,
        10,
      );
      expect(search.total).toBe(3);
      expect(search.selection).toEqual({
        kind: 'excluded',
        userIds: [id.bea2!, id.cy!].sort((a, b) => a - b),
      });
    } finally {
      await db.query(`UPDATE users SET suspended_at = NULL WHERE id = $1`, [id.cy]);
    }
  });

  it('answers the pending and suspended people of several organizations at once', async () => {
    await db.query(`UPDATE users SET suspended_at = now() WHERE id = ANY($1::int[])`, [
      [id.cy, id.bea2, id['ada@other']],
    ]);
    try {
      // Bea 2 pending and suspended: once. Only the organizations asked are read.
      expect(await users.uncountedMemberIds([org.works, org.other])).toEqual(
        [id.bea2!, id.cy!, id['ada@other']!].sort((a, b) => a - b),
      );
      expect(await users.uncountedMemberIds([org.works])).toEqual(
        [id.bea2!, id.cy!].sort((a, b) => a - b),
      );
      expect(await users.uncountedMemberIds([])).toEqual([]);
    } finally {
      await db.query(`UPDATE users SET suspended_at = NULL WHERE id = ANY($1::int[])`, [
        [id.cy, id.bea2, id['ada@other']],
      ]);
    }
  });

  it('matches exactly what ILIKE over name and email matched (the stored lower-cased columns)', async () => {
    const extra = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ('eloise@works.example', 'ÉLOÏSE Ärger', 'operator', $1, true),
              ('MIXED.Case@works.example', 'İlker ǅemal', 'operator', $1, true)
       RETURNING id`,
      [org.works],
    )) as { id: number }[];
    try {
      for (const search of [
        'éloï',
        'ärg',
        'Ä',
        'mixed.c',
        'İl',
        'i̇l',
        'ǆ',
        'ǅE',
        '100%',
        '\\',
        'works',
      ]) {
        const pattern = `%${search.replace(/[%_\\]/g, '\\$&')}%`;
        const expected = (await db.query(
          `SELECT id FROM users WHERE organization_id = $1 AND (name ILIKE $2 OR email ILIKE $2)
            ORDER BY name, id`,
          [org.works, pattern],
        )) as { id: number }[];
        const found = await page({ search }, 0, 100);
        expect(
          found.members.map((member) => member.id),
          search,
        ).toEqual(expected.map((row) => row.id));
        expect(found.total, search).toBe(expected.length);
      }
    } finally {
      await db.query(`DELETE FROM users WHERE id = ANY($1::int[])`, [extra.map((row) => row.id)]);
    }
  });

  it('answers a selection as its ids, or as the others when those are fewer', async () => {
    const select = async (filter: Record<string, unknown>) =>
      (await users.memberSearch({ organizationId: org.works, ...filter }, 0, 0)).selection;
    const sorted = (ids: (number | undefined)[]) => [...ids].sort((a, b) => a! - b!);
    // 4 active of 5: the one pending person is the shorter list.
    expect(await select({ active: true })).toEqual({ kind: 'excluded', userIds: [id.bea2] });
    expect(await select({ search: 'works' })).toEqual({ kind: 'excluded', userIds: [] });
    expect(await select({ roles: ['admin', 'operator', 'manager'], active: true })).toEqual({
      kind: 'excluded',
      userIds: sorted([id.bea2, id.cy]),
    });
    // 2 of 5: listed.
    expect(await select({ search: 'bea' })).toEqual({
      kind: 'listed',
      userIds: sorted([id.bea1, id.bea2]),
    });
    expect(await select({ roles: ['admin'] })).toEqual({ kind: 'listed', userIds: [id.ada] });
    // With ids asked: always listed (a job function's members), never another organization's.
    expect(await select({ userIds: [id.ada, id.bea1, id.cy, id['ada@other']] })).toEqual({
      kind: 'listed',
      userIds: sorted([id.ada, id.bea1, id.cy]),
    });
    expect(await select({ userIds: [] })).toEqual({ kind: 'listed', userIds: [] });
  });

  it("answers the active people's ids by role in id order, as array_agg(id ORDER BY id) did", async () => {
    // More people, inserted in an order unlike their ids' once some are updated; every seventh
    // suspended (accepted or not), active nowhere, as in the head counts.
    await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active, suspended_at)
       SELECT 'p' || i || '@works.example', 'P' || i,
              (ARRAY['operator', 'manager', 'training_supervisor'])[1 + i % 3], $1, i % 4 <> 0,
              CASE WHEN i % 7 = 0 THEN now() END
         FROM generate_series(1, 60) i`,
      [org.works],
    );
    // Updated rows move to the table's end: a scan no longer reads them in id order.
    await db.query(
      `UPDATE users SET is_active = NOT is_active
        WHERE organization_id = $1 AND name LIKE 'P%' AND id % 5 = 0`,
      [org.works],
    );
    const previous = (await db.query(
      `SELECT role, array_agg(id ORDER BY id) AS "userIds" FROM users
        WHERE organization_id = $1 AND is_active AND suspended_at IS NULL
        GROUP BY role ORDER BY role`,
      [org.works],
    )) as { role: string; userIds: number[] }[];
    expect(previous.find((group) => group.role === 'operator')?.userIds.length).toBeGreaterThan(10);
    expect(await users.activeMemberIds(org.works)).toEqual(previous);
  });

  it('counts the active people by role and present, as the active ids did, and names the rest', async () => {
    const groups = await users.activeMemberIds(org.works);
    const active = new Set(groups.flatMap((group) => group.userIds));
    const all = (await db.query('SELECT id FROM users ORDER BY id')) as { id: number }[];
    // Every other person present or observed, some twice, with an id of no one and a stranger.
    const some = all.map((row) => row.id).filter((_, i) => i % 2 === 0);
    const stranger = id['ada@other']!;
    const sent = [...some, ...some.slice(0, 3), stranger, 999_999_999];
    const counts = await users.activeMemberCounts(org.works, sent, sent);
    expect(counts.roles).toEqual(
      groups.map(({ role, userIds }) => ({
        role,
        active: userIds.length,
        present: userIds.filter((userId) => sent.includes(userId)).length,
      })),
    );
    const notActive = [...new Set(sent.filter((userId) => !active.has(userId)))];
    expect(counts.notActive).toEqual(notActive.sort((a, b) => a - b));
    expect(counts.notActive).toEqual(expect.arrayContaining([stranger, 999_999_999]));
    expect(await users.activeMemberCounts(org.works, [], [])).toEqual({
      roles: groups.map(({ role, userIds }) => ({ role, active: userIds.length, present: 0 })),
      notActive: [],
      membershipVersion: counts.membershipVersion,
      stale: false,
    });
    // At the version answered: verdicts on the ids sent only (membership-versions.int.test.ts).
    const again = await users.activeMemberCounts(
      org.works,
      [],
      [stranger],
      counts.membershipVersion,
    );
    expect(again).toMatchObject({ notActive: [stranger], stale: false });
  });
});
