import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { ScimModifiedTimes1768000062000 } from '../migrations/1768000062000-scim-modified-times.js';

let resources: TestResources;
let db: DataSource;
let organizationId: number;

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl);
  const [organization] = (await db.query(
    `INSERT INTO organizations (name, display_name, domain) VALUES ('Acme', 'Acme', $1) RETURNING id`,
    [`${randomBytes(4).toString('hex')}.test`],
  )) as { id: number }[];
  organizationId = organization!.id;
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

/** A new member; `columns` adds to (or overrides) the insert's columns. */
async function member(columns: Record<string, unknown> = {}): Promise<number> {
  const values: Record<string, unknown> = {
    email: `${randomBytes(4).toString('hex')}@acme.test`,
    name: 'M',
    role: 'operator',
    organization_id: organizationId,
    is_active: true,
    ...columns,
  };
  const names = Object.keys(values);
  const [user] = (await db.query(
    `INSERT INTO users (${names.join(', ')})
     VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(values),
  )) as { id: number }[];
  return user!.id;
}

async function modifiedAt(id: number): Promise<Date> {
  const [row] = (await db.query(`SELECT scim_modified_at AS at FROM users WHERE id = $1`, [
    id,
  ])) as [{ at: Date }];
  return row.at;
}

/** How each statement (`$1`, the member's id) moved the member's scim_modified_at. */
async function movesOf(id: number, statements: string[]): Promise<[string, string][]> {
  const moves: [string, string][] = [];
  for (const statement of statements) {
    const before = (await modifiedAt(id)).getTime();
    await db.query(statement, [id]);
    const after = (await modifiedAt(id)).getTime();
    moves.push([statement, after > before ? 'forward' : after < before ? 'back' : 'same']);
  }
  return moves;
}

describe("a member's scim_modified_at", () => {
  it('starts at their creation', async () => {
    const id = await member();
    const [row] = (await db.query(
      `SELECT created_at AS created, scim_modified_at AS modified FROM users WHERE id = $1`,
      [id],
    )) as [{ created: Date; modified: Date }];
    expect(row.modified).toEqual(row.created);
  });

  it('moves forward with any statement that changes what SCIM shows, and with no other', async () => {
    const id = await member();
    const statements: [string, 'forward' | 'same'][] = [
      [`UPDATE users SET last_login = now() WHERE id = $1`, 'same'],
      [`UPDATE users SET role = 'manager' WHERE id = $1`, 'same'],
      [`UPDATE users SET password_hash = 'x', password_changed_at = now() WHERE id = $1`, 'same'],
      [`UPDATE users SET profile_picture = 'p.jpg' WHERE id = $1`, 'same'],
      [`UPDATE users SET is_active = NOT is_active WHERE id = $1`, 'same'],
      [`UPDATE users SET name = name, email = email WHERE id = $1`, 'same'],
      [`UPDATE users SET name = 'Mia' WHERE id = $1`, 'forward'],
      [`UPDATE users SET given_name = 'Mia' WHERE id = $1`, 'forward'],
      [`UPDATE users SET family_name = 'Lund' WHERE id = $1`, 'forward'],
      [`UPDATE users SET scim_external_id = 'ext-1' WHERE id = $1`, 'forward'],
      [`UPDATE users SET scim_external_id = NULL WHERE id = $1`, 'forward'],
      [`UPDATE users SET email = 'x' || email WHERE id = $1`, 'forward'],
      [`UPDATE users SET suspended_at = now() WHERE id = $1`, 'forward'],
      // Still suspended: SCIM shows the same `active: false`.
      [`UPDATE users SET suspended_at = now() + interval '1 second' WHERE id = $1`, 'same'],
      [`UPDATE users SET suspended_at = NULL WHERE id = $1`, 'forward'],
      // A writer cannot set it, earlier or later.
      [`UPDATE users SET scim_modified_at = '2000-01-01' WHERE id = $1`, 'same'],
      [`UPDATE users SET scim_modified_at = now() + interval '1 day' WHERE id = $1`, 'same'],
    ];
    expect(
      await movesOf(
        id,
        statements.map(([statement]) => statement),
      ),
    ).toEqual(statements);
  });

  it('moves forward with each change, however close, and past a later value than the clock', async () => {
    const ahead = new Date('2999-01-01T00:00:00.000Z');
    const id = await member({ scim_modified_at: ahead });
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      for (const name of ['A', 'B', 'C'])
        await runner.query(`UPDATE users SET name = $2 WHERE id = $1`, [id, name]);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect((await modifiedAt(id)).toISOString()).toBe('2999-01-01T00:00:00.003Z');
  });

  it('moves for each member a statement changes, and only theirs', async () => {
    const [first, second, third] = [await member(), await member(), await member()];
    const before = await Promise.all([first, second, third].map(modifiedAt));
    await db.query(`UPDATE users SET name = 'Renamed' WHERE id = ANY($1::int[])`, [
      [first, second],
    ]);
    await db.query(`UPDATE users SET last_login = now() WHERE id = ANY($1::int[])`, [
      [first, second, third],
    ]);
    const after = await Promise.all([first, second, third].map(modifiedAt));
    expect(after.map((at, i) => Math.sign(at.getTime() - before[i]!.getTime()))).toEqual([1, 1, 0]);
  });

  it('starts, for members before the migration, at the later of their creation and suspension', async () => {
    const migration = new ScimModifiedTimes1768000062000();
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      await migration.down(runner);
      const created = '2025-01-01T00:00:00.000Z';
      const present = await memberIn(runner, created, null);
      const suspended = await memberIn(runner, created, '2025-06-01T00:00:00.000Z');
      await migration.up(runner);
      const rows = (await runner.query(
        `SELECT id, scim_modified_at AS at FROM users WHERE id = ANY($1::int[]) ORDER BY id`,
        [[present, suspended]],
      )) as { id: number; at: Date }[];
      await runner.rollbackTransaction();
      expect(rows.map((row) => row.at.toISOString())).toEqual([
        created,
        '2025-06-01T00:00:00.000Z',
      ]);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  });
});

/** A member (suspended at `suspendedAt` if any), written in `runner`'s transaction. */
async function memberIn(
  runner: ReturnType<DataSource['createQueryRunner']>,
  createdAt: string,
  suspendedAt: string | null,
): Promise<number> {
  const [user] = (await runner.query(
    `INSERT INTO users (email, name, role, organization_id, is_active, created_at, suspended_at)
     VALUES ($1, 'S', 'operator', $2, true, $3, $4) RETURNING id`,
    [`${randomBytes(4).toString('hex')}@acme.test`, organizationId, createdAt, suspendedAt],
  )) as { id: number }[];
  return user!.id;
}
