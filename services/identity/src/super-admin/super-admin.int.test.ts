import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { readIdentityConfig } from '../config.js';
import { openIdentityDatabase } from '../database.js';
import { verifyPassword } from '../auth/passwords.js';
import { seedSuperAdmin } from './super-admin.seed.js';

let resources: TestResources;
let db: DataSource;

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl);
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

const storedHash = async (email: string) =>
  (
    (await db.query(`SELECT password_hash FROM users WHERE email = $1`, [email])) as {
      password_hash: string;
    }[]
  )[0]!.password_hash;

describe('super administrator seed', () => {
  it('generates a strong password when none is given, and never resets or duplicates the account', async () => {
    const config = readIdentityConfig({ SUPER_ADMIN_EMAIL: 'Boss@Plant.test' });
    const first = await seedSuperAdmin(db, config);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(
      /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{20,}$/,
    );
    const hash = await storedHash('boss@plant.test');
    expect(await verifyPassword(hash, first.generatedPassword!)).toBe(true);

    const again = await Promise.all([
      seedSuperAdmin(
        db,
        readIdentityConfig({
          SUPER_ADMIN_EMAIL: 'boss@plant.test',
          SUPER_ADMIN_PASSWORD: 'another-password-123',
        }),
      ),
      seedSuperAdmin(db, config),
    ]);
    expect(again.map((outcome) => outcome.created)).toEqual([false, false]);
    expect(await storedHash('boss@plant.test')).toBe(hash);
    const rows = (await db.query(
      `SELECT count(*)::int AS count FROM users WHERE role = 'super_admin'`,
    )) as { count: number }[];
    expect(rows[0]?.count).toBe(1);
  });

  it('runs the migrations into the identity schema only', async () => {
    const tables = (await db.query(
      `SELECT table_schema, table_name FROM information_schema.tables WHERE table_name IN ('users', 'sessions', 'organizations')`,
    )) as { table_schema: string }[];
    expect(tables.map((table) => table.table_schema)).toEqual(['identity', 'identity', 'identity']);
  });
});
