import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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

/** A database a service opened (and migrated), as TypeORM's DataSource is. */
interface OpenedDatabase {
  destroy(): Promise<void>;
}

/**
 * A digest of everything that decides what the services' migrations make: each one's migrations
 * and what they import, its database.ts (which migrations run) and the kit's migration runner.
 */
function migrationsDigest(serviceFolders: string[]): string {
  const files = new Set<string>();
  for (const folder of serviceFolders) {
    files.add(join(folder, '../../packages/kit/src/database/data-source.ts'));
    files.add(join(folder, 'src/database.ts'));
    const migrations = join(folder, 'src/migrations');
    for (const name of readdirSync(migrations)) files.add(join(migrations, name));
  }
  const hash = createHash('sha256');
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    hash.update(`${file}\0${text}\0`);
    if (!file.includes('/migrations/')) continue;
    // A migration's relative imports (shared SQL, for instance) shape the schema too.
    for (const [, path] of text.matchAll(/from '(\.[^']+)\.js'/g)) {
      const imported = resolve(dirname(file), `${path}.ts`);
      if (existsSync(imported)) files.add(imported);
    }
  }
  return hash.digest('hex');
}

/**
 * The template of the schemas of the services in `serviceFolders` (each a service's folder),
 * built by opening each service's database (`opens`, in that order), which migrates it.
 */
export function migratedTemplate(
  serviceFolders: string[],
  opens: ((databaseUrl: string) => Promise<OpenedDatabase>)[],
): DatabaseTemplate {
  return {
    key: migrationsDigest(serviceFolders),
    async build(databaseUrl) {
      for (const open of opens) await (await open(databaseUrl)).destroy();
    },
  };
}
