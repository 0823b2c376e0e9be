import { afterAll, beforeAll } from 'vitest';
import { claimTestResources, type TestResources } from './test-resources.js';

/** A connection to a test's database, as TypeORM's DataSource is. */
export interface ClosableDatabase {
  destroy(): Promise<void>;
}

/** A test file's database and what `prepare` made with it, read in the file's tests. */
export interface DatabaseOfTheFile<Db, Prepared> {
  readonly db: Db;
  readonly prepared: Prepared;
}

/**
 * A test file's database: before the file's tests, a database of its own is claimed (`claim`),
 * opened (`open`, given the database's URL) and prepared (`prepare`: rows, objects over it);
 * after them, the connection is closed and the database given back. `db` and `prepared` throw
 * when read before the tests.
 */
export function databaseOfTheFile<Db extends ClosableDatabase, Prepared>(
  open: (databaseUrl: string) => Promise<Db>,
  prepare: (db: Db) => Promise<Prepared>,
  claim: () => TestResources = claimTestResources,
): DatabaseOfTheFile<Db, Prepared> {
  let resources: TestResources | undefined;
  let db: Db | undefined;
  let prepared: { value: Prepared } | undefined;
  beforeAll(async () => {
    resources = claim();
    db = await open(resources.databaseUrl);
    prepared = { value: await prepare(db) };
  });
  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });
  return {
    get db() {
      if (!db) throw new Error('The database is opened before the tests');
      return db;
    },
    get prepared() {
      if (!prepared) throw new Error('What the database is prepared with is made before the tests');
      return prepared.value;
    },
  };
}
