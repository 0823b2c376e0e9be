import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { UsersRepository } from './users.repository.js';
import { insertOrganizations } from '../test-support/organizations.js';

const ROLES = ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'];

/**
 * Each organization's active people (ids ascending), as the version's definition reads them:
 * accepted and not suspended (migration 1768000003000).
 */
const ACTIVE = `SELECT o.id AS organization_id,
       coalesce(array_agg(u.id ORDER BY u.id) FILTER (WHERE u.id IS NOT NULL), '{}') AS ids
  FROM organizations o
  LEFT JOIN users u ON u.organization_id = o.id AND u.is_active AND u.suspended_at IS NULL
 WHERE o.id = ANY($1) GROUP BY o.id`;

/**
 * The membership versions (migration 1767840000000) that let observation send identity only the
 * observed ids it has not asked about (issue #49 item 7): an organization's version changes with
 * every write that changes its active people, and with no other, each time to a new value.
 */
describe('membership versions', () => {
  let resources: TestResources;
  let db: DataSource;
  let users: UsersRepository;
  const organizations: number[] = [];
  const seen = new Set<string>();

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    users = new UsersRepository(db);
    organizations.push(...(await insertOrganizations(db, 3)));
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** Per organization: its version and active people. */
  async function state() {
    const active = (await db.query(ACTIVE, [organizations])) as {
      organization_id: number;
      ids: number[];
    }[];
    const byOrganization = new Map(active.map((row) => [row.organization_id, row.ids]));
    return Promise.all(
      organizations.map(async (organizationId) => ({
        organizationId,
        version: (await users.findNotActive(organizationId, [])).version,
        active: byOrganization.get(organizationId) ?? [],
      })),
    );
  }

  /** Runs `write`; a version changed, to a value never seen, exactly where the people did. */
  async function expectVersionsFollow(write: string) {
    const before = await state();
    await db.query(write);
    const after = await state();
    for (const [i, now] of after.entries()) {
      const then = before[i]!;
      const changed = JSON.stringify(now.active) !== JSON.stringify(then.active);
      expect({ write, organization: i, changed: now.version !== then.version }).toEqual({
        write,
        organization: i,
        changed,
      });
      if (changed) expect(seen.has(now.version)).toBe(false);
      seen.add(now.version);
    }
    return after.filter((now, i) => now.version !== before[i]!.version).length;
  }

  it('changes an organization’s version exactly when its active people change', async () => {
    const [first, second, third] = organizations as [number, number, number];
    const writes = [
      // 60 people over the first two organizations and every role, every third one pending.
      `INSERT INTO users (email, name, role, organization_id, is_active)
       SELECT 'p' || n || '@example.test', 'Person ' || n, (ARRAY['${ROLES.join("','")}'])[1 + n % 5],
              CASE WHEN n % 2 = 0 THEN ${first} ELSE ${second} END, n % 3 <> 0
         FROM generate_series(1, 60) n`,
      // Only pending people invited; one joins active.
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ('new1@example.test', 'New', 'manager', ${third}, false)`,
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ('new2@example.test', 'New', 'operator', ${first}, true)`,
      // Accepted an invitation; deactivated.
      `UPDATE users SET is_active = true WHERE email = 'p3@example.test'`,
      `UPDATE users SET is_active = false WHERE email = 'p4@example.test'`,
      // A sign-in, a rename, roles changed: the same people.
      `UPDATE users SET last_login = now() WHERE organization_id = ${first}`,
      `UPDATE users SET name = name || '!' WHERE email = 'p5@example.test'`,
      `UPDATE users SET role = 'operator' WHERE organization_id = ${second}`,
      // One deactivated and another activated by one statement (the head counts net to 0).
      `UPDATE users SET is_active = NOT is_active
        WHERE email IN ('p7@example.test', 'p9@example.test')`,
      // Suspended: an active person, then a pending one; then unsuspended. A suspended
      // person's sign-in or rename changes nothing.
      `UPDATE users SET suspended_at = now() WHERE email = 'p11@example.test'`,
      `UPDATE users SET suspended_at = now() WHERE email = 'p12@example.test'`,
      `UPDATE users SET last_login = now(), name = name || '!' WHERE email = 'p11@example.test'`,
      `UPDATE users SET suspended_at = NULL WHERE email = 'p11@example.test'`,
      `UPDATE users SET suspended_at = now() WHERE email = 'p13@example.test'`,
      // Moved organization: an active person, then a pending one.
      `UPDATE users SET organization_id = ${third} WHERE email = 'p8@example.test'`,
      `UPDATE users SET organization_id = ${third} WHERE email = 'p15@example.test'`,
      // Deleted: a pending person, then active ones; then a whole organization.
      `DELETE FROM users WHERE email = 'p6@example.test'`,
      `DELETE FROM users WHERE email IN ('p10@example.test', 'new2@example.test')`,
      `DELETE FROM organizations WHERE id = ${second}`,
    ];
    let changes = 0;
    for (const write of writes) changes += await expectVersionsFollow(write);
    expect(changes).toBeGreaterThanOrEqual(12);
  });

  it('keeps the version through a write rolled back', async () => {
    const before = await state();
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query(`UPDATE users SET is_active = NOT is_active`);
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
    expect(await state()).toEqual(before);
  });

  it('answers the verdicts at the version asked, none once it has changed', async () => {
    const first = organizations[0]!;
    const all = ((await db.query('SELECT id FROM users ORDER BY id')) as { id: number }[]).map(
      (row) => row.id,
    );
    const activeIds = (await state())[0]!.active;
    const notActive = [...all, 999_999_999].filter((id) => !activeIds.includes(id));
    const { version, ids } = await users.findNotActive(first, [...all, all[0]!, 999_999_999]);
    expect(ids).toEqual(notActive);
    expect(await users.findNotActive(first, [all[0]!, 999_999_999], version)).toEqual({
      version,
      ids: notActive.filter((id) => id === all[0] || id === 999_999_999),
    });
    await db.query(`UPDATE users SET is_active = NOT is_active WHERE id = $1`, [activeIds[0]]);
    const changed = await users.findNotActive(first, all, version);
    expect(changed.ids).toBeNull();
    expect(changed.version).not.toBe(version);
    expect((await users.findNotActive(first, all)).ids).toEqual(
      [...notActive, activeIds[0]!].filter((id) => id !== 999_999_999).sort((a, b) => a - b),
    );
  });

  it('names a suspended person not active, at a new version', async () => {
    const first = organizations[0]!;
    const kept = (await state())[0]!.active[0]!;
    const before = await users.findNotActive(first, [kept]);
    expect(before.ids).toEqual([]);
    await db.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [kept]);
    expect((await users.findNotActive(first, [kept], before.version)).ids).toBeNull();
    expect((await users.findNotActive(first, [kept])).ids).toEqual([kept]);
  });
});
