import type pg from 'pg';
import { dropDatabasesStartingWith, quoted, SERVER_URL, withDatabase } from './database-server.js';

/** Every template database's name starts with this; the suite's teardown drops them all. */
export const TEMPLATE_PREFIX = 'hub_tpl_';

/**
 * A database every suite's database is copied from (`CREATE DATABASE ... TEMPLATE`) instead of
 * being migrated again: `build` runs the migrations once into it. `key` names what the template
 * holds (a digest of the migrations): a template built from other migrations is never used.
 */
export interface DatabaseTemplate {
  key: string;
  build(databaseUrl: string): Promise<void>;
}

/**
 * Every template change (build, copy, drop) holds this advisory lock, taken on the `postgres`
 * database: vitest workers starting together build the template once, and no copy reads a
 * template half built or being dropped.
 */
function withTemplateLock<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  return withDatabase('postgres', async (admin) => {
    await admin.query(`SELECT pg_advisory_lock(hashtext('hub-test-database-templates'))`);
    return work(admin);
  });
}

const exists = async (admin: pg.Client, name: string) =>
  (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount !== 0;

/**
 * Creates the database of `databaseUrl` as a copy of the template, building the template first
 * when this server does not have it yet. It is built under another name and renamed when
 * complete, so a build that died half way is never copied.
 */
export async function createDatabaseFromTemplate(
  databaseUrl: string,
  template: DatabaseTemplate,
): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const templateName = `${TEMPLATE_PREFIX}${template.key.replace(/[^a-z0-9]/gi, '').slice(0, 40)}`;
  await withTemplateLock(async (admin) => {
    if (!(await exists(admin, templateName))) {
      const building = `${templateName}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${quoted(building)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${quoted(building)}`);
      await template.build(`${SERVER_URL}/${building}`);
      await admin.query(`ALTER DATABASE ${quoted(building)} RENAME TO ${quoted(templateName)}`);
    }
    await admin.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(templateName)}`);
  });
}

/**
 * Drops every template database (and any build left half way): the next run builds its own
 * again, so none is left behind on a shared server. A suite running meanwhile that still needs
 * one builds it again, under the same lock.
 */
export async function dropDatabaseTemplates(): Promise<void> {
  await withTemplateLock((admin) => dropDatabasesStartingWith(admin, TEMPLATE_PREFIX));
}
