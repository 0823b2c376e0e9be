import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { DatabaseTemplate } from './database-template.js';

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
