import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import { Outbox } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { SuspensionEvents1768000021000 } from '../migrations/1768000021000-suspension-events.js';
import { ScimUsersRepository } from './scim-users.repository.js';

let resources: TestResources;
let db: DataSource;
let outbox: Outbox;
let users: ScimUsersRepository;

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl);
  // Never relayed here: the rows are what is looked at. An outbox relays after each commit that
  // wrote an event; stopped, it does not, so no relay's transaction is open in this database when
  // `suspendedAfter` sets its `asOf` back to the oldest one (a relay of the test before had set it
  // 1 ms before the suspension on a loaded machine).
  outbox = new Outbox(db, { publish: async () => undefined });
  await outbox.stop();
  users = new ScimUsersRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

async function member(suspendedAt: string | null): Promise<{ id: number; org: number }> {
  const [organization] = (await db.query(
    `INSERT INTO organizations (name, display_name, domain) VALUES ('Acme', 'Acme', $1) RETURNING id`,
    [`${randomBytes(4).toString('hex')}.test`],
  )) as { id: number }[];
  const [user] = (await db.query(
    `INSERT INTO users (email, name, role, organization_id, is_active, suspended_at)
     VALUES ($1, 'M', 'operator', $2, true, $3) RETURNING id`,
    [`${randomBytes(4).toString('hex')}@acme.test`, organization!.id, suspendedAt],
  )) as { id: number }[];
  return { id: user!.id, org: organization!.id };
}

/** The events of the outbox about `userId`, oldest first. */
async function events(userId: number): Promise<DomainEvent[]> {
  const rows = (await db.query(
    `SELECT event FROM outbox WHERE (event->>'userId')::int = $1 ORDER BY created_at, id`,
    [userId],
  )) as { event: DomainEvent }[];
  return rows.map((row) => row.event);
}

const announce =
  (type: 'member.suspended' | 'member.restored', org: number, userId: number) =>
  (tx: Parameters<Outbox['publish']>[1], at: Date) =>
    outbox.publish({ type, organizationId: org, userId, at: at.toISOString() }, tx);

describe("a member's suspension and restoration", () => {
  it('are announced in their own transaction, once each, with their instant', async () => {
    const { id, org } = await member(null);
    expect(await users.suspend(id, announce('member.suspended', org, id))).toBe(true);
    // Already suspended (a second identity provider call): no second announcement.
    expect(await users.suspend(id, announce('member.suspended', org, id))).toBe(false);
    const [{ suspended_at }] = (await db.query(`SELECT suspended_at FROM users WHERE id = $1`, [
      id,
    ])) as [{ suspended_at: Date }];
    expect(await events(id)).toEqual([
      { type: 'member.suspended', organizationId: org, userId: id, at: suspended_at.toISOString() },
    ]);
    expect(await users.restore(id, announce('member.restored', org, id))).toBe(true);
    expect(await users.restore(id, announce('member.restored', org, id))).toBe(false);
    const announced = await events(id);
    expect(announced.map((event) => event.type)).toEqual(['member.suspended', 'member.restored']);
  });

  it('leave no announcement when the change is rolled back, nor a change without one', async () => {
    const { id } = await member(null);
    const failing = async () => {
      throw new Error('outbox refused');
    };
    await expect(users.suspend(id, failing)).rejects.toThrow('outbox refused');
    const [{ suspended }] = (await db.query(
      `SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1`,
      [id],
    )) as [{ suspended: boolean }];
    expect(suspended).toBe(false);
    expect(await events(id)).toEqual([]);
  });

  it('of members suspended before this release are announced once by the migration', async () => {
    const suspended = await member('2026-11-30T08:15:30.123Z');
    const active = await member(null);
    const runner = db.createQueryRunner();
    try {
      await new SuspensionEvents1768000021000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await events(suspended.id)).toEqual([
      {
        type: 'member.suspended',
        organizationId: suspended.org,
        userId: suspended.id,
        at: '2026-11-30T08:15:30.123Z',
      },
    ]);
    expect(await events(active.id)).toEqual([]);
  });
});

describe("a suspension's and a restoration's instant", () => {
  /** Runs `change` with this process's clock `offsetMs` off (a replica whose clock drifts). */
  async function skewed<T>(offsetMs: number, change: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + offsetMs });
    try {
      return await change();
    } finally {
      vi.useRealTimers();
    }
  }

  it("are the database's, so a restoration after a suspension is later though replicas' clocks differ", async () => {
    const { id, org } = await member(null);
    // Suspended by a replica an hour ahead, restored by one an hour behind.
    await skewed(3_600_000, () => users.suspend(id, announce('member.suspended', org, id)));
    await skewed(-3_600_000, () => users.restore(id, announce('member.restored', org, id)));
    const [suspended, restored] = (await events(id)) as { at: string }[];
    const [{ now }] = (await db.query(`SELECT now() AS now`)) as [{ now: Date }];
    expect(Date.parse(suspended!.at)).toBeLessThanOrEqual(now.getTime());
    expect(Date.parse(restored!.at)).toBeGreaterThan(Date.parse(suspended!.at));
    expect(Date.parse(restored!.at)).toBeLessThanOrEqual(now.getTime());
  });

  it('of a suspension is what identity stores and lists, its sessions ending then', async () => {
    const { id, org } = await member(null);
    await db.query(
      `INSERT INTO sessions (user_id, token_hash, persistent, expires_at)
      VALUES ($1, $2, false, now() + interval '1 day')`,
      [id, randomBytes(16).toString('hex')],
    );
    await skewed(3_600_000, () => users.suspend(id, announce('member.suspended', org, id)));
    const [event] = (await events(id)) as { at: string }[];
    const [row] = (await db.query(
      `SELECT u.suspended_at, s.revoked_at FROM users u JOIN sessions s ON s.user_id = u.id
        WHERE u.id = $1`,
      [id],
    )) as { suspended_at: Date; revoked_at: Date }[];
    expect(row!.suspended_at.toISOString()).toBe(event!.at);
    expect(row!.revoked_at.toISOString()).toBe(event!.at);
    const listed = await users.suspendedAfter(id - 1, 1);
    expect(listed.members).toEqual([{ organizationId: org, userId: id, suspendedAt: event!.at }]);
    expect(Date.parse(listed.asOf)).toBeGreaterThanOrEqual(Date.parse(event!.at));
  });
});

describe("the suspended members' page", () => {
  it('is as of no later than the start of a transaction still open, which may suspend unseen', async () => {
    const open = db.createQueryRunner();
    try {
      await open.startTransaction();
      const [{ started }] = (await open.query(`SELECT now() AS started`)) as [{ started: Date }];
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { asOf } = await users.suspendedAfter(0, 1);
      expect(Date.parse(asOf)).toBeLessThanOrEqual(started.getTime());
      await open.rollbackTransaction();
      const later = await users.suspendedAfter(0, 1);
      expect(Date.parse(later.asOf)).toBeGreaterThan(started.getTime());
    } finally {
      await open.release();
    }
  });
});
