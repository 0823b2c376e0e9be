import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import { Outbox } from '@hub/kit';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openIdentityDatabase } from '../database.js';
import { SuspensionEvents1768000021000 } from '../migrations/1768000021000-suspension-events.js';
import { ScimUsersRepository } from './scim-users.repository.js';

let resources: TestResources;
let db: DataSource;
let outbox: Outbox;
let users: ScimUsersRepository;

beforeAll(async () => {
  resources = claimTestResources();
  db = await openIdentityDatabase(resources.databaseUrl);
  // Never relayed here: the rows are what is looked at.
  outbox = new Outbox(db, { publish: async () => undefined });
  users = new ScimUsersRepository(db);
});

afterAll(async () => {
  await outbox?.stop();
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
