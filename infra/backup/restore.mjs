// npm run restore -- [--replace] ARCHIVE: puts a backup back into a stopped stack. The whole
// archive is checked against its manifest before anything is written; a database a service is
// still connected to is refused, and one or a store holding data unless --replace. Then the
// schemas (pg_restore, in one transaction, the schemas it replaces renamed aside until it has
// committed, so a failure leaves them as they were), then the files (written over, those the
// backup lacks removed after); work that was mid-way is handed to the services' stall sweepers,
// and Redis (queues, events, caches of the timeline it discards) is emptied. With the embedded
// default stopped, it starts the embedded PostgreSQL on DATA_DIR for the restore.
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { contentTypeOfKey, openStoreItself, StorageEnv } from '@hub/runtime';
import {
  ArchiveRefused,
  DATABASE_DUMP,
  errorText,
  OBJECTS_FOLDER,
  readArchive,
  verifyArchive,
} from './archive.mjs';
import { formatBytes, OBJECT_PREFIX, run } from './backup.mjs';
import { forgetRedisState } from './redis-state.mjs';
import {
  connect,
  connectedServices,
  dropSchemasSetAside,
  endSessions,
  ensureDatabase,
  markInterruptedWork,
  putSchemasBack,
  recoverSchemasSetAside,
  SchemasLeftAside,
  serverVersion,
  serviceSchemas,
  setSchemasAside,
  tablesHoldingRows,
} from './database.mjs';
import {
  chooseTool,
  dataDirOf,
  majorOf,
  repoRoot,
  startedProductDatabase,
} from './postgres-tools.mjs';

/** The stack holds data and --replace was not given: nothing was written. */
export class StackNotEmpty extends Error {}

/** Services of the product were connected to its database: nothing was written. */
export class StackRunning extends Error {}

/** The backup's schemas were migrated further than this release knows: nothing was written. */
export class BackupOfANewerRelease extends Error {}

/**
 * The newest migration a service of this checkout holds for its schema (the timestamp TypeORM's
 * names end with), from its sources or its build, whichever the installation has: null when this
 * release has no service of that name, undefined when it has no services/ folder to tell.
 * @param {string} schema
 * @returns {number | null | undefined}
 */
function newestKnownMigration(schema) {
  const services = path.join(repoRoot, 'services');
  if (!existsSync(services)) return undefined;
  let newest = null;
  for (const folder of ['src', 'dist']) {
    const migrations = path.join(services, schema, folder, 'migrations');
    if (!existsSync(migrations)) continue;
    for (const file of readdirSync(migrations)) {
      const stamp = Number(/^(\d+)-/.exec(file)?.[1] ?? Number.NaN);
      if (Number.isFinite(stamp) && (newest === null || stamp > newest)) newest = stamp;
    }
  }
  return newest;
}

/**
 * Refuses a backup whose schemas hold a migration newer than any this release has: its code
 * would start on tables a later release changed, and TypeORM would not notice. An older backup
 * is fine: the services migrate it at their start.
 * @param {import('./archive.mjs').Manifest} manifest
 */
function refuseNewerRelease(manifest) {
  const newer = Object.entries(manifest.database.schemas).filter(([schema, { lastMigration }]) => {
    const known = newestKnownMigration(schema);
    if (known === undefined) return false;
    const stamp = Number(/(\d+)$/.exec(lastMigration ?? '')?.[1] ?? 0);
    return known === null || stamp > known;
  });
  if (newer.length === 0) return;
  throw new BackupOfANewerRelease(
    `This backup was taken by a newer release (version ${manifest.product.version}): ${newer
      .map(([schema, { lastMigration }]) => `${schema} is at ${lastMigration ?? 'no migration'}`)
      .join(
        ', ',
      )}, which this release does not know. Nothing was restored: install that release or a later one, then restore.`,
  );
}

/**
 * @param {{ archive: string, replace: boolean, env: NodeJS.ProcessEnv, log?: (line: string) => void }} options
 */
export async function restore({ archive, replace, env, log = console.log }) {
  const started = Date.now();
  log(`Checking ${archive} against its manifest ...`);
  const manifest = await verifyArchive(archive);
  const schemas = Object.keys(manifest.database.schemas);
  refuseNewerRelease(manifest);
  log(
    `${Object.keys(manifest.files).length} files match their SHA-256; taken ${manifest.createdAt} by version ${manifest.product.version}`,
  );

  const database = await startedProductDatabase(env, log);
  const databaseUrl = database.url;
  /** @type {import('pg').Client | undefined} */
  let client;
  const work = mkdtempSync(path.join(tmpdir(), 'hub-restore-'));
  try {
    await ensureDatabase(databaseUrl);
    const db = await connect(databaseUrl);
    client = db;
    await refuseWhileRunning(client);
    const server = await serverVersion(client);
    const dumpMajor = majorOf(manifest.database.pgDumpVersion);
    const pgRestore = chooseTool(
      'pg_restore',
      Math.max(dumpMajor, server.major),
      `the dump was made by pg_dump ${manifest.database.pgDumpVersion} and the server is PostgreSQL ${server.version}`,
      env,
    );
    const storage = openStoreItself({ ...StorageEnv.parse(env), DATA_DIR: dataDirOf(env) });
    const putBack = await recoverSchemasSetAside(client);
    if (putBack.length > 0) {
      log(`Put back schemas ${putBack.join(', ')}, left aside by a restore that did not finish.`);
    }
    const present = [...new Set([...(await serviceSchemas(client)), ...schemas])];
    const holding = await tablesHoldingRows(client, await existing(client, present));
    const storedFiles = (await storage.list(OBJECT_PREFIX)).length;
    if (storedFiles > 0) holding.push(`the store: ${storedFiles} files`);
    if (holding.length > 0 && !replace) {
      throw new StackNotEmpty(
        `The stack already holds data, so nothing was restored:\n  ${holding.slice(0, 10).join('\n  ')}${holding.length > 10 ? `\n  ... and ${holding.length - 10} more` : ''}\nRestore into an empty database and store, or add --replace to delete all of it first.`,
      );
    }

    const dumpFile = path.join(work, 'hub.dump');
    await readArchive(archive, async (name, body) => {
      if (name !== DATABASE_DUMP) return (body.resume(), undefined);
      await pipeline(body, createWriteStream(dumpFile));
      return 'stop';
    });
    const replaced = await existing(client, present);
    await setSchemasAside(client, replaced);
    log(
      `Restoring schemas ${schemas.join(', ')} with ${pgRestore.path} (${pgRestore.version}) ...`,
    );
    try {
      await run(pgRestore.path, [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        `--dbname=${databaseUrl}`,
        dumpFile,
      ]);
    } catch (error) {
      await putSchemasBack(client, replaced).catch((putting) => {
        throw new Error(
          `${errorText(error)}\nThe schemas set aside (${replaced.join(', ')}) could not be put back: ${errorText(putting)}. The next restore puts them back before anything else.`,
          { cause: putting },
        );
      });
      throw new Error(
        `${errorText(error)}\nNothing was changed: the database holds what it held before, and the store was not touched.`,
        { cause: error },
      );
    }
    await dropSchemasSetAside(client, replaced);
    rmSync(dumpFile);

    const { interrupted, sessions } = await afterTheDatabase(async () => {
      const handedBack = await markInterruptedWork(db);
      const ended = await endSessions(db);
      log(await forgetRedisState(env));
      return { interrupted: handedBack, sessions: ended };
    });
    const { files, bytes } = await restoreFiles(archive, storage, storedFiles > 0, log);
    log(
      `Restored ${schemas.length} schemas and ${files} files (${formatBytes(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (interrupted.documents + interrupted.videos > 0) {
      log(
        `${interrupted.documents} documents and ${interrupted.videos} videos were being processed when the backup was taken: they show as stopped with a Retry once the product runs.`,
      );
    }
    if (interrupted.imports + interrupted.deliveries > 0) {
      log(
        `${interrupted.imports} people imports and ${interrupted.deliveries} webhook deliveries were under way: they show as stopped, to resume and replay.`,
      );
    }
    log(`Start the product now; everyone signs in again (${sessions} sessions ended).`);
  } finally {
    rmSync(work, { recursive: true, force: true });
    await client?.end().catch(() => undefined);
    await database.stop();
  }
}

/**
 * Refuses while the product's services are connected: a service would go on writing into the
 * schemas being replaced, and keep in its caches the data the restore discards.
 * @param {import('pg').Client} client
 */
async function refuseWhileRunning(client) {
  const services = await connectedServices(client);
  if (services.length === 0) return;
  throw new StackRunning(
    `The product is running: ${services.join(', ')} ${services.length === 1 ? 'is' : 'are'} connected to its database. Nothing was restored: stop the product (all its services) first, then run the restore again.`,
  );
}

/**
 * A step between the database's commit and the files: a failure there says what was done and
 * what finishes it, rather than leave a restored database with its sessions, queues and files
 * of before as if nothing had happened.
 * @template T
 * @param {() => Promise<T>} step
 * @returns {Promise<T>}
 */
async function afterTheDatabase(step) {
  try {
    return await step();
  } catch (error) {
    throw new Error(
      `${errorText(error)}\nThe database is restored, but the restore did not finish (sessions, Redis, files): run the same command again with --replace.`,
      { cause: error },
    );
  }
}

/**
 * The archive's files written into the store, over any of the same key; then, when the store held
 * files, those the backup does not hold removed. Until the database had been restored, the store
 * was left as it was.
 * @param {string} archive
 * @param {import('@hub/runtime').ObjectStorage} storage
 * @param {boolean} heldFiles
 * @param {(line: string) => void} log
 */
async function restoreFiles(archive, storage, heldFiles, log) {
  const written = new Set();
  let bytes = 0;
  try {
    await readArchive(archive, async (name, body, size) => {
      if (!name.startsWith(OBJECTS_FOLDER)) return (body.resume(), undefined);
      const key = name.slice(OBJECTS_FOLDER.length);
      await storage.put(key, body, contentTypeOfKey(key), size);
      written.add(key);
      bytes += size;
    });
    if (heldFiles) {
      const extra = (await storage.list(OBJECT_PREFIX)).filter((key) => !written.has(key));
      if (extra.length > 0) log(`Removing the ${extra.length} files the backup does not hold ...`);
      for (const key of extra) await storage.remove(key);
    }
  } catch (error) {
    throw new Error(
      `${errorText(error)}\nThe database is restored, but the files stopped after ${written.size}: run the same command again with --replace.`,
      { cause: error },
    );
  }
  return { files: written.size, bytes };
}

/** Those of these schemas the database has. @param {import('pg').Client} client @param {string[]} schemas */
async function existing(client, schemas) {
  const { rows } = await client.query(
    `SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1::text[])`,
    [schemas],
  );
  return rows.map((row) => String(row.name));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { values, positionals } = parseArgs({
    options: { replace: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error('Usage: npm run restore -- [--replace] ARCHIVE.tar');
    process.exit(2);
  }
  restore({
    archive: path.resolve(positionals[0] ?? ''),
    replace: values.replace,
    env: process.env,
  }).catch((error) => {
    const known =
      error instanceof ArchiveRefused ||
      error instanceof StackNotEmpty ||
      error instanceof StackRunning ||
      error instanceof BackupOfANewerRelease ||
      error instanceof SchemasLeftAside;
    console.error(known ? errorText(error) : `Restore failed: ${errorText(error)}`);
    process.exitCode = 1;
  });
}
