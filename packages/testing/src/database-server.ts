import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the tests make their databases on (a superuser's URL, no database). */
export const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

/** A database name as an SQL identifier. */
export const quoted = (name: string) => `"${name.replace(/"/g, '')}"`;

/** A name for a suite's database of its own, after `prefix` (a run's, for instance). */
export const suiteDatabaseName = (prefix = 'hub_test_') =>
  `${prefix}${randomBytes(6).toString('hex')}`;

/** A session on one database of the server for `work`, ended after it. */
export async function withDatabase<T>(
  database: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: `${SERVER_URL}/${database}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops the database of `databaseUrl`, ending its sessions. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await withDatabase('postgres', (admin) =>
    admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`),
  );
}

/** Drops each database whose name starts with `prefix`, ending its sessions. */
export async function dropDatabasesStartingWith(admin: pg.Client, prefix: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
    [prefix],
  );
  for (const { datname } of rows) {
    await admin.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
  }
}
