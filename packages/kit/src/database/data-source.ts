import type { DataSource, EntitySchema, MixedList, QueryRunner } from 'typeorm';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE, setAsideName } from '@hub/runtime';
import { UNIQUE_VIOLATION } from './unique-violation.js';

export interface ServiceDatabaseOptions {
  url: string;
  /** The PostgreSQL schema the service owns; no other service reads it. */
  schema: string;
  // TypeORM's own types for these lists take any class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/** Creates the database named in the URL when the server does not have it yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client
        .query(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
        .catch(unlessCreatedMeanwhile);
    }
  } finally {
    await client.end();
  }
}

/**
 * Another process starting at the same moment may have created the database or schema first:
 * PostgreSQL then answers "already exists" or, when both were inside the catalog insert at once,
 * a unique violation on the catalog. Either way it exists now.
 */
function unlessCreatedMeanwhile(error: unknown): void {
  const code = (error as { code?: unknown }).code;
  if (code !== '42P04' && code !== '42P06' && code !== UNIQUE_VIOLATION) throw error;
}

/**
 * What a service's sessions are named in pg_stat_activity (`hub-identity`): the restore refuses
 * while sessions of these names are on its database (infra/backup/database.mjs), and an operator
 * tells them from their own. Each service owns the schema of its name; the gateway, which owns
 * none, names its health check's session after itself.
 */
export function serviceConnectionName(service: string): string {
  return `hub-${service}`;
}

/**
 * Connects a service to its own schema and brings it up to date with its migrations, in one
 * session of its pool: it creates the schema when missing and holds the migrations' lock, then
 * goes back to the pool. Each session is a PostgreSQL backend to start (on the slower machines
 * about 30 ms of PostgreSQL's CPU, most of it page faults, and as much again for its first
 * queries on cold catalog caches); a session of its own for this, closed at once, was one more
 * for every service of every start.
 */
export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<DataSource> {
  const dataSource = await initializeCreatingDatabase(options);
  try {
    await migrateSchema(dataSource, options.schema);
    return dataSource;
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
}

/** The schema created when missing and brought up to date, in one session of the pool. */
async function migrateSchema(dataSource: DataSource, schema: string): Promise<void> {
  const session = dataSource.createQueryRunner();
  try {
    await refuseWhileSetAside(session, schema);
    await session
      .query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`)
      .catch(unlessCreatedMeanwhile);
    const { MigrationExecutor } = await import('typeorm');
    const migrations = new MigrationExecutor(dataSource, session);
    migrations.transaction = 'each';
    await migrateAlone(session, schema, () => migrations.executePendingMigrations());
  } finally {
    await session.release();
  }
}

/** The service's data source, connected; its database created first when the server lacks it. */
async function initializeCreatingDatabase(options: ServiceDatabaseOptions): Promise<DataSource> {
  const initialized = async () => (await newDataSource(options)).initialize();
  try {
    return await initialized();
  } catch (error) {
    // 3D000: the database does not exist.
    if ((error as { code?: unknown }).code !== '3D000') throw error;
  }
  await ensureDatabase(options.url);
  return initialized();
}

async function newDataSource(options: ServiceDatabaseOptions): Promise<DataSource> {
  // Loaded here, not with the kit: the gateway and the workers use the kit but no database.
  const typeorm = await import('typeorm');
  return new typeorm.DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    applicationName: serviceConnectionName(options.schema),
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // The migrations make the schema, extensions included; TypeORM otherwise tries to install
    // uuid-ossp in every identity start (its sessions' ids), which gen_random_uuid() makes moot.
    installExtensions: false,
    // Raw queries and migrations then land in the service's own schema too; days, months and
    // intervals are counted in UTC (the code's own time zones are named where they count),
    // whatever zone the server's configuration defaults to.
    extra: {
      max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
      options: `-c search_path=${options.schema} -c TimeZone=UTC`,
      // A database that does not answer fails the request (503) instead of holding it.
      connectionTimeoutMillis: 5_000,
    },
  });
}

/** A restore killed midway left the service's schema renamed aside (its data is there). */
async function refuseWhileSetAside(session: QueryRunner, schema: string): Promise<void> {
  const aside = setAsideName(schema);
  const rows = (await session.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
    aside,
  ])) as unknown[];
  if (rows.length > 0) {
    throw new Error(
      `A restore that did not finish left this service's data in the schema ${aside}: run the restore again (npm run restore) before starting.`,
    );
  }
}

/**
 * Runs the migrations while holding a PostgreSQL advisory lock named after the schema: when
 * several replicas of a service start together (a rolling upgrade, a scaled deployment), one
 * migrates and the others wait, then find nothing left to do. The session that migrates holds
 * the lock, so a replica that dies mid-migration releases it with its connection.
 */
async function migrateAlone(
  lock: QueryRunner,
  schema: string,
  migrate: () => Promise<unknown>,
): Promise<void> {
  const key = `hub-migrations:${schema}`;
  await lock.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
  try {
    await migrate();
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
  }
}
