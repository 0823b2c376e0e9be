import type pg from 'pg';
import {
  dropDatabase,
  dropDatabasesStartingWith,
  SERVER_URL,
  suiteDatabaseName,
  withDatabase,
} from './database-server.js';
import { createDatabaseFromTemplate, type DatabaseTemplate } from './database-template.js';

/**
 * The run's id, set by the integration project's global setup before its workers start: a
 * suite's database is used again only within a run that drops them all when it ends.
 */
export const TEST_RUN_ENV = 'HUB_TEST_RUN';

/** Every database a run's suites share starts with this; the run's teardown drops them. */
export const runDatabasePrefix = (runId: string) => `hub_test_${runId}_`;

/** What a database held when it was copied from its template, to put it back to. */
interface Fresh {
  /** The schema's shape: a database whose tables, functions or triggers changed is dropped. */
  schema: string;
  tables: string[];
  /** The rows the migrations wrote (their own bookkeeping, seeded prompts). */
  rows: { table: string; columns: string[]; json: string }[];
  sequences: string;
}

interface PooledDatabase {
  name: string;
  fresh: Fresh;
}

/** This worker's databases no suite is using, by template. */
const idle = new Map<string, PooledDatabase[]>();

const SCHEMA_DIGEST = `
  SELECT md5(string_agg(part, '|' ORDER BY part)) AS digest FROM (
    SELECT c.oid::regclass::text || c.relkind::text || coalesce((
      SELECT string_agg(a.attname || ':' || a.atttypid, ',' ORDER BY a.attnum) FROM pg_attribute a
      WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '') AS part
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    UNION ALL
    SELECT p.oid::regprocedure::text || md5(p.prosrc) FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL
    SELECT t.tgrelid::regclass::text || t.tgname || t.tgenabled::text FROM pg_trigger t
    WHERE NOT t.tgisinternal
  ) parts`;

const USER_TABLES = `
  SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
  WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`;

const SEQUENCES = `
  SELECT coalesce(json_agg(json_build_object('schemaname', schemaname,
    'sequencename', sequencename, 'last_value', last_value)), '[]') AS json FROM pg_sequences`;

/** Every sequence back at the value it had when the database was copied. */
const RESTORE_SEQUENCES = `
  SELECT setval(format('%I.%I', s.schemaname, s.sequencename)::regclass,
    coalesce(fresh.last_value, s.start_value), fresh.last_value IS NOT NULL)
  FROM pg_sequences s
  JOIN json_to_recordset($1::json) AS fresh(schemaname name, sequencename name, last_value bigint)
    USING (schemaname, sequencename)
  WHERE s.last_value IS DISTINCT FROM fresh.last_value`;

/** The tables of `tables` that hold a row. */
async function tablesWithRows(client: pg.Client, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probes = tables.map(
    (table, index) => `SELECT ${index} AS i WHERE EXISTS (SELECT 1 FROM ${table})`,
  );
  const { rows } = await client.query<{ i: number }>(probes.join(' UNION ALL '));
  return rows.map((row) => tables[row.i]!);
}

async function readFresh(client: pg.Client): Promise<Fresh> {
  const schema = (await client.query<{ digest: string }>(SCHEMA_DIGEST)).rows[0]!.digest;
  const tables = (await client.query<{ name: string }>(USER_TABLES)).rows.map((row) => row.name);
  const rows: Fresh['rows'] = [];
  for (const table of await tablesWithRows(client, tables)) {
    const columns = await client.query<{ name: string }>(
      `SELECT quote_ident(attname) AS name FROM pg_attribute
       WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
       ORDER BY attnum`,
      [table],
    );
    const json = await client.query<{ json: string }>(
      `SELECT json_agg(t)::text AS json FROM ${table} t`,
    );
    rows.push({ table, columns: columns.rows.map((c) => c.name), json: json.rows[0]!.json });
  }
  const sequences = (await client.query<{ json: string }>(SEQUENCES)).rows[0]!.json;
  return { schema, tables, rows, sequences: JSON.stringify(sequences) };
}

/** Ends every other session of the database, as `DROP DATABASE ... WITH (FORCE)` would. */
async function endOtherSessions(client: pg.Client): Promise<void> {
  const others = `FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
  await client.query(`SELECT pg_terminate_backend(pid) ${others}`);
  for (let waited = 0; waited < 5_000; waited += 20) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n ${others}`);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('sessions of a test database did not end');
}

/**
 * The database as it was copied from its template: every row a suite wrote deleted (triggers
 * and foreign keys off, as a restore does), the migrations' rows and the sequences put back.
 * False when the suite changed the schema itself: such a database is dropped instead.
 */
async function reset(database: PooledDatabase): Promise<boolean> {
  return withDatabase(database.name, async (client) => {
    await endOtherSessions(client);
    const { rows } = await client.query<{ digest: string }>(SCHEMA_DIGEST);
    if (rows[0]!.digest !== database.fresh.schema) return false;
    const written = await tablesWithRows(client, database.fresh.tables);
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    for (const table of written) await client.query(`DELETE FROM ${table}`);
    for (const { table, columns, json } of database.fresh.rows) {
      if (!written.includes(table)) continue;
      const list = columns.join(', ');
      await client.query(
        `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE
         SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [json],
      );
    }
    await client.query(RESTORE_SEQUENCES, [database.fresh.sequences]);
    await client.query('COMMIT');
    return true;
  });
}

/** A database of the pool put back as fresh, or a new copy of the template. */
async function pooledDatabase(runId: string, template: DatabaseTemplate): Promise<PooledDatabase> {
  const waiting = idle.get(template.key) ?? [];
  for (let database = waiting.pop(); database; database = waiting.pop()) {
    if (await reset(database).catch(() => false)) return database;
    await dropDatabase(`${SERVER_URL}/${database.name}`);
  }
  const name = suiteDatabaseName(runDatabasePrefix(runId));
  await createDatabaseFromTemplate(`${SERVER_URL}/${name}`, template);
  return { name, fresh: await withDatabase(name, readFresh) };
}

/**
 * A database copied from the template for one suite. Within a run of the integration project
 * (TEST_RUN_ENV), a suite's database goes back to its vitest worker when the suite releases
 * it, and the worker's next suite of the same template gets it emptied again: copying the
 * template (11 MB, written to the WAL page by page), the copy's first sessions and its drop
 * with the checkpoint that follows cost PostgreSQL about 0.8 CPU-s a suite (stacks started and
 * stopped in a loop), emptying it 0.05-0.15. Outside such a run it is dropped.
 */
export async function claimTemplateDatabase(
  template: DatabaseTemplate,
): Promise<{ databaseUrl: string; release(): Promise<void> }> {
  const runId = process.env[TEST_RUN_ENV];
  if (!runId) {
    const name = suiteDatabaseName();
    await createDatabaseFromTemplate(`${SERVER_URL}/${name}`, template);
    return {
      databaseUrl: `${SERVER_URL}/${name}`,
      release: () => dropDatabase(`${SERVER_URL}/${name}`),
    };
  }
  const database = await pooledDatabase(runId, template);
  return {
    databaseUrl: `${SERVER_URL}/${database.name}`,
    release: async () => {
      const waiting = idle.get(template.key) ?? [];
      waiting.push(database);
      idle.set(template.key, waiting);
    },
  };
}

/** Drops every database of the run (the run's teardown). */
export async function dropRunDatabases(runId: string): Promise<void> {
  await withDatabase('postgres', (admin) =>
    dropDatabasesStartingWith(admin, runDatabasePrefix(runId)),
  );
}
