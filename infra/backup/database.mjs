// What the backup and restore commands read from and do to the product's database: each service
// owns one schema holding a TypeORM `migrations` table.
import { SET_ASIDE_SUFFIX as ASIDE, setAsideName as asideName } from '@hub/runtime';
import pg from 'pg';
import { ERROR_TEXTS } from '@hub/proto';

/** @param {string} name */
const quoted = (name) => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates the URL's database when its server lacks it, as the services do at their first start
 * (a restore may come before the first start, into a cluster just made).
 * @param {string} url
 */
export async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = await connect(maintenance.toString());
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${quoted(name)}`);
  } finally {
    await client.end();
  }
}

/** @param {string} url */
export async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** How a service's connections name themselves (`hub-identity`): the kit's data-source.ts says the same. */
const SERVICE_CONNECTION_PREFIX = 'hub-';

/**
 * The services connected to the client's database, by name, this session aside: each service
 * names its connections `hub-` and its own (the kit's serviceConnectionName; the gateway's health
 * check is `hub-gateway`), which an operator's psql or a tool does not.
 * @param {pg.Client} client
 * @returns {Promise<string[]>}
 */
export async function connectedServices(client) {
  const { rows } = await client.query(
    `SELECT DISTINCT substr(application_name, length($1) + 1) AS service FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND left(application_name, length($1)) = $1
      ORDER BY 1`,
    [SERVICE_CONNECTION_PREFIX],
  );
  return rows.map((row) => String(row.service));
}

/** The server's version, e.g. "18.4", and its major number. @param {pg.Client} client */
export async function serverVersion(client) {
  const { rows } = await client.query(`SELECT current_setting('server_version') AS version`);
  const version = String(rows[0].version).split(' ')[0] ?? '';
  return { version, major: Number(version.split('.')[0]) };
}

/** Every schema a service migrated (one with a `migrations` table), sorted. @param {pg.Client} client */
export async function serviceSchemas(client) {
  const { rows } = await client.query(
    `SELECT table_schema AS schema FROM information_schema.tables
      WHERE table_name = 'migrations' AND table_type = 'BASE TABLE'
        AND table_schema NOT IN ('pg_catalog', 'information_schema')
        AND right(table_schema, ${ASIDE.length}) <> '${ASIDE}'
      ORDER BY 1`,
  );
  return rows.map((row) => String(row.schema));
}

/**
 * Opens a read-only snapshot and exports it, so pg_dump (`--snapshot`) and the row counts see
 * the very same data. The client must stay in this transaction until pg_dump has begun.
 * @param {pg.Client} client
 */
export async function exportSnapshot(client) {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const { rows } = await client.query('SELECT pg_export_snapshot() AS id');
  return String(rows[0].id);
}

/**
 * Each schema's last migration and each of its tables' row counts.
 * @param {pg.Client} client
 * @param {string[]} schemas
 * @returns {Promise<Record<string, import('./archive.mjs').SchemaSummary>>}
 */
export async function summarize(client, schemas) {
  /** @type {Record<string, import('./archive.mjs').SchemaSummary>} */
  const summary = {};
  for (const schema of schemas) {
    const last = await client.query(
      `SELECT name FROM ${quoted(schema)}.migrations ORDER BY timestamp DESC, id DESC LIMIT 1`,
    );
    /** @type {Record<string, number>} */
    const rows = {};
    for (const table of await tablesOf(client, schema)) {
      const counted = await client.query(
        `SELECT count(*)::bigint AS n FROM ${quoted(schema)}.${quoted(table)}`,
      );
      rows[table] = Number(counted.rows[0].n);
    }
    summary[schema] = { lastMigration: last.rows[0]?.name ?? null, rows };
  }
  return summary;
}

/** @param {pg.Client} client @param {string} schema */
export async function tablesOf(client, schema) {
  const { rows } = await client.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY 1`,
    [schema],
  );
  return rows.map((row) => String(row.name));
}

/**
 * The tables of these schemas that hold rows, migrations aside ("identity.users: 3 rows").
 * @param {pg.Client} client
 * @param {string[]} schemas
 */
export async function tablesHoldingRows(client, schemas) {
  /** @type {string[]} */
  const holding = [];
  for (const schema of schemas) {
    for (const table of await tablesOf(client, schema)) {
      if (table === 'migrations') continue;
      const { rows } = await client.query(
        `SELECT count(*)::bigint AS n FROM ${quoted(schema)}.${quoted(table)}`,
      );
      if (Number(rows[0].n) > 0) holding.push(`${schema}.${table}: ${rows[0].n} rows`);
    }
  }
  return holding;
}

/** @param {pg.Client} client @param {string[]} schemas */
export async function dropSchemas(client, schemas) {
  for (const schema of schemas)
    await client.query(`DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`);
}

/**
 * @param {pg.Client} client
 * @param {() => Promise<void>} work
 */
async function inTransaction(client, work) {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Renames the schemas aside in one transaction, so that a restore replacing them can put them
 * back as they were when it fails, rather than leave an empty stack.
 * @param {pg.Client} client @param {string[]} schemas
 */
export async function setSchemasAside(client, schemas) {
  await inTransaction(client, async () => {
    for (const schema of schemas) {
      await client.query(`ALTER SCHEMA ${quoted(schema)} RENAME TO ${quoted(asideName(schema))}`);
    }
  });
}

/**
 * The schemas set aside back under their names, whatever the failed restore left of its own.
 * @param {pg.Client} client @param {string[]} schemas
 */
export async function putSchemasBack(client, schemas) {
  await inTransaction(client, async () => {
    for (const schema of schemas) {
      await client.query(`DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`);
      await client.query(`ALTER SCHEMA ${quoted(asideName(schema))} RENAME TO ${quoted(schema)}`);
    }
  });
}

/** @param {pg.Client} client @param {string[]} schemas */
export async function dropSchemasSetAside(client, schemas) {
  await dropSchemas(client, schemas.map(asideName));
}

/** A restore killed after it set schemas aside, whose replacements exist too: which to keep is asked. */
export class SchemasLeftAside extends Error {}

/**
 * Schemas a restore killed midway left aside. Where no schema of the name exists (killed before
 * pg_restore committed, which then rolled back), it is put back. Where one does, it may be the
 * restored one (killed just after the commit) or one a service made empty at its start: which
 * holds the data is not guessed, the restore stops and names both. Returns what was put back.
 * @param {pg.Client} client
 * @returns {Promise<string[]>}
 */
export async function recoverSchemasSetAside(client) {
  const { rows } = await client.query(
    `SELECT left(nspname, length(nspname) - length($1)) AS name,
            EXISTS (SELECT 1 FROM pg_namespace live
                     WHERE live.nspname = left(aside.nspname, length(aside.nspname) - length($1))) AS replaced
       FROM pg_namespace aside WHERE right(nspname, length($1)) = $1`,
    [ASIDE],
  );
  const both = rows.filter((row) => row.replaced).map((row) => String(row.name));
  if (both.length > 0) {
    throw new SchemasLeftAside(
      `A restore that did not finish left ${both.map((name) => `${asideName(name)} beside ${name}`).join(', ')}. ` +
        `Nothing was restored. Look at both: drop the one that does not hold your data ` +
        `(DROP SCHEMA ... CASCADE) and rename the other to its name if needed, then run the restore again.`,
    );
  }
  const unfinished = rows.map((row) => String(row.name));
  if (unfinished.length > 0) await putSchemasBack(client, unfinished);
  return unfinished;
}

/**
 * Work that was mid-way when the backup was taken has no job any more (queues are not in a
 * backup). Its progress is dated back to the epoch, so the services' own stall sweepers
 * (library's StallSweeper, video's AnalysisSweeper) find it at their first pass, within a
 * minute of start-up, and fail it with their usual reason and a Retry. A video still waiting
 * for enrolments was never queued: the video service's dispatch queues it as usual.
 * @param {pg.Client} client
 * @returns {Promise<{ documents: number, videos: number, imports: number, deliveries: number }>}
 */
export async function markInterruptedWork(client) {
  const documents = await updateIfPresent(
    client,
    'library.documents',
    `UPDATE library.documents SET progress_updated_at = 'epoch'
      WHERE processing_stage IN ('queued', 'extracting', 'ocr', 'images', 'generating_evaluation')`,
  );
  // A backup older than AnalysisDispatch1766100000000 has no analysis_queued_at: every analysis
  // under way then had been queued, and that migration, run at the video service's start, dates
  // their queueing by this progress.
  const queued = (await hasColumn(client, 'video', 'videos', 'analysis_queued_at'))
    ? ' AND analysis_queued_at IS NOT NULL'
    : '';
  const videos = await updateIfPresent(
    client,
    'video.videos',
    `UPDATE video.videos SET progress_updated_at = 'epoch'
      WHERE analysis_status = 'processing'${queued}`,
  );
  // Their jobs were in the Redis the restore emptied: failed with the reason, an administrator
  // resumes an import and replays a delivery from their pages.
  const imports = await updateIfPresent(
    client,
    'identity.people_imports',
    `UPDATE identity.people_imports SET state = 'failed', finished_at = now(),
            error = '${ERROR_TEXTS.people_import_stopped_by_restore.replaceAll("'", "''")}'
      WHERE state IN ('queued', 'running')`,
  );
  const deliveries = await updateIfPresent(
    client,
    'identity.webhook_deliveries',
    `UPDATE identity.webhook_deliveries SET status = 'failed',
            error = 'Stopped by a restore of a backup. Replay it to send it.'
      WHERE status = 'pending'`,
  );
  return { documents, videos, imports, deliveries };
}

/**
 * Ends every session: one revoked after the backup (a sign-out, a removed member, a changed
 * password) would otherwise come back to life. Everyone signs in again.
 * @param {pg.Client} client
 */
export async function endSessions(client) {
  return updateIfPresent(client, 'identity.sessions', 'DELETE FROM identity.sessions');
}

/** @param {pg.Client} client @param {string} schema @param {string} table @param {string} column */
async function hasColumn(client, schema, table, column) {
  const { rowCount } = await client.query(
    `SELECT 1 FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2 AND column_name = $3`,
    [schema, table, column],
  );
  return (rowCount ?? 0) > 0;
}

/** @param {pg.Client} client @param {string} table @param {string} sql */
async function updateIfPresent(client, table, sql) {
  const { rows } = await client.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [table]);
  if (!rows[0].present) return 0;
  return (await client.query(sql)).rowCount ?? 0;
}
