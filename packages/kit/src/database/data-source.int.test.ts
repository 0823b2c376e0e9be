import { claimTestResources, type TestResources } from '@hub/testing';
import pg from 'pg';
import { EntitySchema, type MigrationInterface, type QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServiceDatabase } from './data-source.js';

/** A migration that cannot run twice: a second run fails on the existing table. */
class CreateShiftLog1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner) {
    // Slow enough that replicas starting together would overlap without the lock.
    await queryRunner.query('SELECT pg_sleep(0.5)');
    await queryRunner.query('CREATE TABLE shift_log (id serial PRIMARY KEY)');
  }

  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE shift_log');
  }
}

/** A badge whose id PostgreSQL makes, as identity's sessions' ids are. */
interface Badge {
  id: string;
  label: string;
}

const BadgeEntity = new EntitySchema<Badge>({
  name: 'Badge',
  tableName: 'badges',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    label: { type: 'text' },
  },
});

class CreateBadges1700000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(
      'CREATE TABLE badges (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), label text NOT NULL)',
    );
  }

  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE badges');
  }
}

let resources: TestResources;

beforeAll(() => {
  resources = claimTestResources();
});

afterAll(async () => {
  await resources?.release();
});

describe('migrations with several replicas', () => {
  it('lets one replica migrate while the others wait, so each migration runs once', async () => {
    const open = () =>
      openServiceDatabase({
        url: resources.databaseUrl,
        schema: 'replicas',
        entities: [],
        migrations: [CreateShiftLog1700000000000],
        poolSize: 2,
      });
    const replicas = await Promise.all([open(), open(), open()]);
    try {
      const sql = new pg.Client({ connectionString: resources.databaseUrl });
      await sql.connect();
      const { rows } = await sql.query<{ runs: string }>(
        'SELECT count(*) AS runs FROM replicas.migrations',
      );
      await sql.end();
      expect(Number(rows[0]!.runs)).toBe(1);
    } finally {
      await Promise.all(replicas.map((replica) => replica.destroy()));
    }
  });
});

describe('a service start', () => {
  it('does not start while a restore that did not finish holds its schema aside', async () => {
    const admin = new pg.Client({ connectionString: resources.databaseUrl });
    await admin.connect();
    try {
      await admin.query('CREATE SCHEMA aside__before_restore');
      await expect(
        openServiceDatabase({
          url: resources.databaseUrl,
          schema: 'aside',
          entities: [],
          migrations: [],
        }),
      ).rejects.toThrow(/aside__before_restore: run the restore again/);
      const made = await admin.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'aside'`);
      expect(made.rows).toEqual([]);
    } finally {
      await admin.query('DROP SCHEMA IF EXISTS aside__before_restore');
      await admin.end();
    }
  });

  it("creates its database, and migrates in its pool's session, opening no other", async () => {
    const own = claimTestResources();
    try {
      const database = await openServiceDatabase({
        url: own.databaseUrl,
        schema: 'sessions',
        entities: [],
        migrations: [CreateShiftLog1700000000000],
        poolSize: 1,
      });
      await database.destroy();
      const name = new URL(own.databaseUrl).pathname.slice(1);
      const admin = new pg.Client({ connectionString: resources.databaseUrl });
      await admin.connect();
      try {
        // Sessions are counted as each ends, in statistics each backend reports on its way out.
        const sessions = async () => {
          await admin.query('SELECT pg_stat_clear_snapshot()');
          const { rows } = await admin.query<{ sessions: string }>(
            'SELECT sessions FROM pg_stat_database WHERE datname = $1',
            [name],
          );
          return Number(rows[0]?.sessions);
        };
        // The pool's one connection, which created the schema and migrated.
        await expect.poll(sessions).toBe(1);
      } finally {
        await admin.end();
      }
    } finally {
      await own.release();
    }
  });
});

describe('a service with ids PostgreSQL makes', () => {
  it('installs no extension its migrations did not ask for, and gets its ids all the same', async () => {
    const service = await openServiceDatabase({
      url: resources.databaseUrl,
      schema: 'badges',
      entities: [BadgeEntity],
      migrations: [CreateBadges1700000000001],
      poolSize: 1,
    });
    try {
      // TypeORM installed uuid-ossp at every start of a service with uuid ids, unasked.
      const extensions = (await service.query(
        `SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'`,
      )) as { extname: string }[];
      expect(extensions).toEqual([]);
      const badge = await service.getRepository(BadgeEntity).save({ label: 'Forklift' });
      expect(badge.id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await service.destroy();
    }
  });
});

describe("a service's sessions", () => {
  it('count days, months and intervals in UTC whatever zone the server or database defaults to', async () => {
    const admin = new pg.Client({ connectionString: resources.databaseUrl });
    await admin.connect();
    const { rows } = await admin.query<{ name: string }>('SELECT current_database() AS name');
    await admin.query(`ALTER DATABASE "${rows[0]!.name}" SET timezone = 'Pacific/Auckland'`);
    const service = await openServiceDatabase({
      url: resources.databaseUrl,
      schema: 'zoned',
      entities: [],
      migrations: [],
      poolSize: 1,
    });
    try {
      const [{ zone }] = (await service.query('SELECT current_setting($1) AS zone', [
        'TimeZone',
      ])) as [{ zone: string }];
      expect(zone).toBe('UTC');
    } finally {
      await service.destroy();
      await admin.query(`ALTER DATABASE "${rows[0]!.name}" RESET timezone`);
      await admin.end();
    }
  });
});
