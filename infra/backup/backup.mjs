// npm run backup [-- --output FILE]: one archive of the running product's data, taken while it
// serves. The database first (pg_dump of every service's schema in one snapshot), then every
// object of the store, then manifest.json (version, last migrations, row counts, SHA-256 of
// every file). Objects written after the snapshot may be in it too; none the snapshot names is
// missing: files are stored before the rows that name them, and a file removed while the backup
// runs is kept aside for it by every service's store (the backup's lease, backup-hold.ts).
// A backup copies only what was kept aside under its own lease; what a killed one left is
// dropped here and by the gateway's hourly sweep (BackupHoldSweeper).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BACKUP_LEASE_MS, BackupHold, openStoreItself, StorageEnv } from '@hub/runtime';
import {
  ARCHIVE_FORMAT,
  ArchiveWriter,
  DATABASE_DUMP,
  errorText,
  OBJECTS_FOLDER,
} from './archive.mjs';
import { connect, exportSnapshot, serverVersion, serviceSchemas, summarize } from './database.mjs';
import { chooseTool, dataDirOf, productDatabaseUrl, productRelease } from './postgres-tools.mjs';

/** Every object the product stores is below this prefix (packages/runtime storage-keys.ts). */
export const OBJECT_PREFIX = 'org/';

/**
 * `signal` stops it midway (the command's Ctrl-C or a stopped job's SIGTERM): pg_dump is ended,
 * what was written of the archive removed and the store's lease released, so the next backup
 * need not wait for the lease to expire.
 * @param {{ output: string, env: NodeJS.ProcessEnv, log?: (line: string) => unknown, signal?: AbortSignal }} options
 * @returns {Promise<import('./archive.mjs').Manifest>}
 */
export async function backup({ output, env, log = console.log, signal }) {
  const started = Date.now();
  const databaseUrl = await productDatabaseUrl(env);
  const storage = openStoreItself({ ...StorageEnv.parse(env), DATA_DIR: dataDirOf(env) });
  const hold = await holdRemovals(storage, new Date(started), log);
  const client = await connect(databaseUrl).catch(async (error) => {
    await hold.release();
    throw error;
  });
  const work = mkdtempSync(path.join(tmpdir(), 'hub-backup-'));
  const writer = new ArchiveWriter(output);
  try {
    const server = await serverVersion(client);
    const pgDump = chooseTool(
      'pg_dump',
      server.major,
      `the server is PostgreSQL ${server.version}`,
      env,
    );
    const schemas = await serviceSchemas(client);
    if (schemas.length === 0)
      throw new Error('The database holds no service schema: nothing to back up.');
    log(
      `Database: PostgreSQL ${server.version}, schemas ${schemas.join(', ')}; ${pgDump.path} (${pgDump.version})`,
    );

    const snapshot = await exportSnapshot(client);
    const dumpFile = path.join(work, 'hub.dump');
    const dumping = run(
      pgDump.path,
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        ...schemas.map((schema) => `--schema=${schema}`),
        `--file=${dumpFile}`,
        `--dbname=${databaseUrl}`,
      ],
      signal,
    );
    const counted = summarize(client, schemas);
    const [, summary] = await Promise.all([dumping, counted]);
    await client.query('COMMIT');
    await writer.add(DATABASE_DUMP, createReadStream(dumpFile), statSync(dumpFile).size, signal);
    rmSync(dumpFile);
    await log(`Database dumped (${schemas.length} schemas); copying the files`);

    const copied = new Set();
    for (const key of await storage.list(OBJECT_PREFIX)) {
      const stat = await storage.stat(key);
      // Removed since it was listed: kept aside, and copied from there below.
      if (!stat) continue;
      const body = await untilStopped(storage.get(key), signal);
      await writer.add(`${OBJECTS_FOLDER}${key}`, body, stat.size, signal);
      copied.add(key);
    }
    for (const key of await hold.removedKeys()) {
      const stat = await hold.statRemoved(key);
      if (copied.has(key) || !stat) continue;
      const body = await untilStopped(hold.readRemoved(key), signal);
      await writer.add(`${OBJECTS_FOLDER}${key}`, body, stat.size, signal);
      copied.add(key);
    }
    await hold.confirmHeld();
    const objects = copied.size;
    const manifest = await writer.finish({
      format: ARCHIVE_FORMAT,
      createdAt: new Date(started).toISOString(),
      product: productRelease(env),
      database: { serverVersion: server.version, pgDumpVersion: pgDump.version, schemas: summary },
      storage: { kind: storage.kind, objects },
    });
    const rows = Object.values(summary).reduce(
      (total, schema) => total + Object.values(schema.rows).reduce((a, b) => a + b, 0),
      0,
    );
    log(
      `Backup written to ${output}: ${formatBytes(statSync(output).size)}, ${rows} rows in ${schemas.length} schemas, ${objects} files, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return manifest;
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
    await client.end().catch(() => undefined);
    await hold
      .release()
      .catch((error) => console.warn(`The backup's lease was not released: ${errorText(error)}`));
  }
}

/**
 * Takes the store's backup lease (one backup at a time), renewed while the backup runs, so that
 * no file its snapshot names is removed before it is copied; release ends it.
 * @param {import('@hub/runtime').ObjectStorage} storage
 * @param {Date} startedAt
 * @param {(line: string) => unknown} log
 */
async function holdRemovals(storage, startedAt, log) {
  const hold = new BackupHold(storage);
  // What a stopped backup kept aside is of no use to this one, and was deleted by people. Before
  // the lease is taken: a failure leaves none behind to refuse the next backup.
  const dropped = await hold.dropAbandoned();
  for (const { leaseId, files } of dropped)
    await log(`Dropped ${files} files a stopped backup (${leaseId}) had kept aside`);
  const id = randomUUID();
  await hold.begin(id, startedAt);
  const renewal = setInterval(
    () => void hold.renew(id, startedAt).catch(() => undefined),
    BACKUP_LEASE_MS / 5,
  );
  renewal.unref();
  return {
    removedKeys: () => hold.removedKeys(id),
    statRemoved: (/** @type {string} */ key) => hold.statRemoved(id, key),
    readRemoved: (/** @type {string} */ key) => hold.readRemoved(id, key),
    /** Files removed while the lease had lapsed, or was another backup's, were kept for none. */
    confirmHeld: async () => {
      if (!(await hold.holds(id)))
        throw new Error(
          "The backup's lease on the store lapsed or another backup took it, so files removed meanwhile may be missing from it. Run it again.",
        );
    },
    release: async () => {
      clearInterval(renewal);
      await hold.release(id);
    },
  };
}

/**
 * What `work` answers, unless `signal` stops first: a file the store is slow to serve (or never
 * serves) does not keep a stopped backup waiting.
 * @template T
 * @param {Promise<T>} work
 * @param {AbortSignal | undefined} signal
 * @returns {Promise<T>}
 */
function untilStopped(work, signal) {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * Runs a tool, failing with its own message; `signal` ends it.
 * @param {string} command
 * @param {string[]} args
 * @param {AbortSignal} [signal]
 */
export function run(command, args, signal) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`${path.basename(command)} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** @param {number} bytes */
export function formatBytes(bytes) {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

const defaultName = () =>
  `hub-backup-${new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d+Z$/, 'Z')}.tar`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { values } = parseArgs({ options: { output: { type: 'string', short: 'o' } } });
  const folder = process.env.BACKUP_DIR || process.cwd();
  const output = path.resolve(values.output ?? path.join(folder, defaultName()));
  // Node's default for these signals ends the process where it stands: the lease then holds the
  // store for its ten minutes, and the dump stays in the temporary folder.
  const stop = new AbortController();
  for (const name of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(name, () => stop.abort(name));
  }
  backup({ output, env: process.env, signal: stop.signal }).catch((error) => {
    if (!stop.signal.aborted) {
      console.error(`Backup failed: ${errorText(error)}`);
      process.exitCode = 1;
      return;
    }
    // Its lease was released on the way out (a warning above when it could not be).
    console.error(`Backup stopped by ${stop.signal.reason}: no archive was written.`);
    // A download it stopped waiting on may still hold a socket open.
    process.exit(stop.signal.reason === 'SIGINT' ? 130 : 143);
  });
}
