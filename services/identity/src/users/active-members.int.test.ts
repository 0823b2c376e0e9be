import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, QueryRunner } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { ActiveMembers1767800000000 } from '../migrations/1767800000000-active-members.js';
import { SuspendedMembers1768000003000 } from '../migrations/1768000003000-suspended-members.js';
import { UsersRepository } from './users.repository.js';
import { insertOrganizations } from '../test-support/organizations.js';

/**
 * The head counts before `active_members`: every user of the organization counted, active
 * meaning accepted and not suspended (migration 1768000003000).
 */
const COUNTED_OVER_USERS = `SELECT u.role, count(*)::int AS active, count(p.id)::int AS present
    FROM users u LEFT JOIN (SELECT DISTINCT unnest($2::int[]) AS id) p ON p.id = u.id
   WHERE u.organization_id = $1 AND u.is_active AND u.suspended_at IS NULL
   GROUP BY u.role ORDER BY u.role`;

/** active_members as defined, from the users themselves. */
const DEFINED = `SELECT organization_id, role, count(*)::int AS active FROM users
  WHERE is_active AND suspended_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2`;
const KEPT = `SELECT organization_id, role, active FROM active_members ORDER BY 1, 2`;

const ROLES = ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'];

/**
 * Team stats' head counts read from `active_members` (issue #49 item 7) against the count over
 * every user they replace, and the table against its definition, after each kind of write.
 */
describe('UsersRepository.countActiveByRole', () => {
  let resources: TestResources;
  let db: DataSource;
  let users: UsersRepository;
  const organizations: number[] = [];

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    users = new UsersRepository(db);
    organizations.push(...(await insertOrganizations(db, 3)));
    // 60 people over the first two organizations and every role, every third one pending,
    // every seventh suspended (some of them pending too).
    await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active, suspended_at)
       SELECT 'p' || n || '@example.test', 'Person ' || n, ($3::text[])[1 + n % 5],
              CASE WHEN n % 2 = 0 THEN $1::int ELSE $2::int END, n % 3 <> 0,
              CASE WHEN n % 7 = 0 THEN now() END
         FROM generate_series(1, 60) n`,
      [organizations[0], organizations[1], ROLES],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The kept counts equal their definition and, for every organization, the previous count. */
  async function expectAsBefore() {
    expect(await db.query(KEPT)).toEqual(await db.query(DEFINED));
    const ids = ((await db.query('SELECT id FROM users ORDER BY id')) as { id: number }[]).map(
      (row) => row.id,
    );
    // Present: none, everyone, every other person with some twice and an id of no one.
    const some = ids.filter((_, i) => i % 2 === 0);
    for (const present of [[], ids, [...some, ...some.slice(0, 3), 999_999_999]])
      for (const organizationId of organizations)
        expect(await users.countActiveByRole(organizationId, present)).toEqual(
          await db.query(COUNTED_OVER_USERS, [organizationId, present]),
        );
  }

  it('counts as the count over every user did', async () => {
    expect(((await db.query(KEPT)) as unknown[]).length).toBeGreaterThan(5);
    await expectAsBefore();
  });

  it('counts the people there before the table (the backfill)', async () => {
    const runner = db.createQueryRunner();
    try {
      const [first, suspended] = [
        new ActiveMembers1767800000000(),
        new SuspendedMembers1768000003000(),
      ];
      // Each in a transaction of its own, as the migrations run.
      const alone = async (step: (runner: QueryRunner) => Promise<void>) => {
        await runner.startTransaction();
        await step(runner);
        await runner.commitTransaction();
      };
      await alone((r) => suspended.down(r));
      await alone((r) => first.down(r));
      await alone((r) => first.up(r));
      // The suspended people counted as accepted ones, then taken off by the recount.
      expect(await db.query(KEPT)).not.toEqual(await db.query(DEFINED));
      await alone((r) => suspended.up(r));
    } finally {
      await runner.release();
    }
    await expectAsBefore();
  });

  it('keeps the counts through each kind of write', async () => {
    const [first, second, third] = organizations as [number, number, number];
    const writes = [
      // One joins active, one pending; one accepts an invitation; one is deactivated.
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ('new1@example.test', 'New', 'operator', ${first}, true),
              ('new2@example.test', 'New', 'manager', ${third}, false)`,
      `UPDATE users SET is_active = true WHERE email = 'p3@example.test'`,
      `UPDATE users SET is_active = false WHERE email = 'p4@example.test'`,
      // A sign-in and a rename change nothing counted; a role changed; one moved organization.
      `UPDATE users SET last_login = now() WHERE organization_id = ${first}`,
      `UPDATE users SET name = name || '!' WHERE email = 'p5@example.test'`,
      `UPDATE users SET role = 'admin' WHERE email IN ('p6@example.test', 'p7@example.test')`,
      `UPDATE users SET organization_id = ${third} WHERE email = 'p8@example.test'`,
      // Every role of an organization at once (a role's last person leaves it), deletions.
      `UPDATE users SET role = 'operator' WHERE organization_id = ${second}`,
      `UPDATE users SET is_active = NOT is_active WHERE organization_id = ${first}`,
      // Suspended (an active person, a pending one), unsuspended, suspended in a whole
      // organization at once, and a suspended person's role changed.
      `UPDATE users SET suspended_at = now() WHERE email IN ('p11@example.test', 'p12@example.test')`,
      `UPDATE users SET suspended_at = NULL WHERE email = 'p14@example.test'`,
      `UPDATE users SET suspended_at = now() WHERE organization_id = ${third}`,
      `UPDATE users SET role = 'manager' WHERE email = 'p35@example.test'`,
      `DELETE FROM users WHERE email IN ('p10@example.test', 'new1@example.test')`,
      `DELETE FROM organizations WHERE id = ${second}`,
    ];
    for (const write of writes) {
      await db.query(write);
      await expectAsBefore();
    }
  });
});
