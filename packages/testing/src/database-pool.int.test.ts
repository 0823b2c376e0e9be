import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  claimTemplateDatabase,
  dropRunDatabases,
  runDatabasePrefix,
  TEST_RUN_ENV,
} from './database-pool.js';
import { withDatabase } from './database-server.js';
import { dropDatabaseTemplates, type DatabaseTemplate } from './database-template.js';

/** A schema like a service's: an identity column, a seeded row, an append-only table. */
const TEMPLATE: DatabaseTemplate = {
  key: `pooltest${randomBytes(6).toString('hex')}`,
  async build(databaseUrl) {
    await withClient(databaseUrl, async (client) => {
      await client.query(`
        CREATE SCHEMA shop;
        CREATE TABLE shop.migrations (id serial PRIMARY KEY, name text NOT NULL);
        INSERT INTO shop.migrations (name) VALUES ('1-initial'), ('2-prompts');
        CREATE TABLE shop.prompts (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          text text NOT NULL, words int GENERATED ALWAYS AS (length(text)) STORED);
        INSERT INTO shop.prompts (text) VALUES ('Write three questions');
        CREATE TABLE shop.orders (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          prompt_id int REFERENCES shop.prompts (id), item text NOT NULL);
        CREATE TABLE shop.audit (id serial PRIMARY KEY, what text NOT NULL);
        CREATE FUNCTION shop.append_only() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN RAISE EXCEPTION 'audit is append-only'; END $$;
        CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON shop.audit
          FOR EACH ROW EXECUTE FUNCTION shop.append_only();`);
    });
  },
};

const databaseName = (url: string) => new URL(url).pathname.slice(1);

/** A session on the database of `databaseUrl`. */
const withClient = <T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) =>
  withDatabase(databaseName(databaseUrl), work);

const runId = process.env[TEST_RUN_ENV];
const runDatabases = (run = runId!) =>
  withDatabase('postgres', async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY 1`,
      [runDatabasePrefix(run)],
    );
    return rows.map((row) => row.datname);
  });

afterAll(async () => {
  await dropDatabaseTemplates();
});

describe('a suite database used again within a run', () => {
  it('runs inside a named run (the integration project names each run)', () => {
    expect(runId).toMatch(/^[0-9a-f]+$/);
  });

  it('comes back to the next suite as the template made it, whatever the last one wrote', async () => {
    const first = await claimTemplateDatabase(TEMPLATE);
    await withClient(first.databaseUrl, async (client) => {
      await client.query(
        `INSERT INTO shop.orders (prompt_id, item) VALUES (1, 'gloves'), (1, 'apron')`,
      );
      await client.query(`UPDATE shop.prompts SET text = 'Changed by a suite'`);
      await client.query(`INSERT INTO shop.prompts (text) VALUES ('A second prompt')`);
      await client.query(`INSERT INTO shop.audit (what) VALUES ('signed in')`);
    });
    // A session the suite left open: it is ended, as a drop would end it.
    const leftOpen = new pg.Client({ connectionString: first.databaseUrl });
    leftOpen.on('error', () => undefined);
    await leftOpen.connect();
    await first.release();

    const second = await claimTemplateDatabase(TEMPLATE);
    expect(databaseName(second.databaseUrl)).toBe(databaseName(first.databaseUrl));
    await withClient(second.databaseUrl, async (client) => {
      const orders = await client.query(`SELECT count(*)::int AS n FROM shop.orders`);
      expect(orders.rows[0].n).toBe(0);
      const audit = await client.query(`SELECT count(*)::int AS n FROM shop.audit`);
      expect(audit.rows[0].n).toBe(0);
      const prompts = await client.query(`SELECT id, text, words FROM shop.prompts`);
      expect(prompts.rows).toEqual([{ id: 1, text: 'Write three questions', words: 21 }]);
      const migrations = await client.query(`SELECT name FROM shop.migrations ORDER BY id`);
      expect(migrations.rows.map((row) => row.name)).toEqual(['1-initial', '2-prompts']);
      // Numbering starts again where the template left it.
      const order = await client.query(
        `INSERT INTO shop.orders (item) VALUES ('boots') RETURNING id`,
      );
      expect(order.rows[0].id).toBe(1);
      const prompt = await client.query(
        `INSERT INTO shop.prompts (text) VALUES ('Next') RETURNING id`,
      );
      expect(prompt.rows[0].id).toBe(2);
    });
    await second.release();
  });

  it('is dropped, not used again, when a suite changed its schema', async () => {
    const first = await claimTemplateDatabase(TEMPLATE);
    await withClient(first.databaseUrl, (client) =>
      client.query(`ALTER TABLE shop.orders ADD COLUMN note text`),
    );
    await first.release();
    const second = await claimTemplateDatabase(TEMPLATE);
    expect(databaseName(second.databaseUrl)).not.toBe(databaseName(first.databaseUrl));
    expect(await runDatabases()).not.toContain(databaseName(first.databaseUrl));
    await withClient(second.databaseUrl, async (client) => {
      const columns = await client.query(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = 'shop' AND table_name = 'orders' ORDER BY ordinal_position`,
      );
      expect(columns.rows.map((row) => row.column_name)).toEqual(['id', 'prompt_id', 'item']);
    });
    await second.release();
  });

  it('is gone when the run ends', async () => {
    const run = randomBytes(4).toString('hex');
    process.env[TEST_RUN_ENV] = run;
    try {
      const claimed = await claimTemplateDatabase({ ...TEMPLATE, key: `${TEMPLATE.key}end` });
      await claimed.release();
      expect(databaseName(claimed.databaseUrl).startsWith(runDatabasePrefix(run))).toBe(true);
      expect(await runDatabases(run)).toEqual([databaseName(claimed.databaseUrl)]);
      await dropRunDatabases(run);
      expect(await runDatabases(run)).toEqual([]);
    } finally {
      process.env[TEST_RUN_ENV] = runId;
    }
  });
});
