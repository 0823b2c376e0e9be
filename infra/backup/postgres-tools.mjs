// Which PostgreSQL the product uses (DATABASE_URL, or the embedded one the launcher started) and
// which pg_dump / pg_restore can work with it: PostgreSQL's tools refuse a server of a newer
// major version than their own, so one of at least the server's major version is chosen.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_DATABASE_URL,
  ensurePostgres,
  isLoopback,
  postgresDataDir,
} from '../launcher/postgres.mjs';
import { productVersion } from '@hub/runtime';
import { answersPostgres } from '../launcher/ports.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The database the product's processes use, as the launcher finds it: the embedded PostgreSQL
 * running on $DATA_DIR when DATABASE_URL is local and names its port or nothing answers there
 * (the launcher may have chosen another port), with the credentials the launcher gave it;
 * otherwise DATABASE_URL, when a server answers there.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string>}
 */
export async function productDatabaseUrl(env) {
  const url = new URL(env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(url.port || 5432);
  const embeddedPort = isLoopback(host) ? await runningEmbeddedPort(env) : null;
  if (embeddedPort !== null && (embeddedPort === port || !(await answersPostgres(host, port)))) {
    // The launcher's defaults for what DATABASE_URL leaves out (infra/launcher/postgres.mjs).
    url.hostname = '127.0.0.1';
    url.port = String(embeddedPort);
    url.username ||= 'postgres';
    url.password ||= 'postgres';
    if (url.pathname === '' || url.pathname === '/') url.pathname = '/hub';
    return url.toString();
  }
  if (await answersPostgres(host, port)) return url.toString();
  throw new Error(
    `No PostgreSQL answers at ${host}:${port} (DATABASE_URL), and no embedded one runs on ${dataDirOf(env)} (DATA_DIR). Start the product's database first (npm start starts the embedded one).`,
  );
}

/**
 * For a restore into a stopped stack: the database as productDatabaseUrl finds it, or, when
 * DATABASE_URL is local and nothing answers, the embedded PostgreSQL started on $DATA_DIR as
 * npm start starts it (a cluster made when there is none), to be stopped after the restore.
 * @param {NodeJS.ProcessEnv} env
 * @param {(line: string) => void} log
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startedProductDatabase(env, log) {
  const configured = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const url = new URL(configured);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const running =
    !isLoopback(host) ||
    (await runningEmbeddedPort(env)) !== null ||
    (await answersPostgres(host, Number(url.port || 5432)));
  if (running) return { url: await productDatabaseUrl(env), stop: async () => undefined };
  const postgres = await ensurePostgres(configured, dataDirOf(env), log);
  log(`For the restore: ${postgres.description}; it stops at the end.`);
  return { url: postgres.url, stop: postgres.stop };
}

/**
 * The port of the embedded PostgreSQL running on $DATA_DIR, read from its postmaster.pid (pid,
 * data folder, start time, port, ...); null when none answers there.
 * @param {NodeJS.ProcessEnv} env
 */
async function runningEmbeddedPort(env) {
  const pidFile = path.join(
    postgresDataDir(dataDirOf(env), process.getuid?.() === 0).path,
    'postmaster.pid',
  );
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]?.trim());
  return Number.isInteger(port) && (await answersPostgres('127.0.0.1', port)) ? port : null;
}

/** $DATA_DIR as the launcher resolves it. @param {NodeJS.ProcessEnv} env */
export const dataDirOf = (env) => path.resolve(repoRoot, env.DATA_DIR || '.data');

/**
 * @typedef {{ path: string, major: number, version: string }} Tool
 */

/**
 * Every copy of a PostgreSQL tool found: $PG_BIN_DIR, Debian's /usr/lib/postgresql/<major>/bin
 * (postgresql-client, which npm start, npm test and the image install) and the PATH.
 * @param {'pg_dump' | 'pg_restore'} name
 * @param {NodeJS.ProcessEnv} env
 * @returns {Tool[]}
 */
export function findTools(name, env) {
  const folders = [
    ...(env.PG_BIN_DIR ? [env.PG_BIN_DIR] : []),
    ...subfolders('/usr/lib/postgresql').map((major) => `/usr/lib/postgresql/${major}/bin`),
    ...(env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ];
  /** @type {Map<string, Tool>} */
  const found = new Map();
  for (const folder of folders) {
    const candidate = path.join(folder, name);
    if (!existsSync(candidate)) continue;
    const version = versionOf(candidate);
    if (!version) continue;
    const key = `${version} ${candidate}`;
    if (![...found.values()].some((tool) => tool.version === version)) {
      found.set(key, { path: candidate, version, major: majorOf(version) });
    }
  }
  return [...found.values()];
}

/**
 * The copy of `name` of the lowest major version that is at least `minimumMajor` (a newer one
 * writes dumps an older pg_restore cannot read). Throws, naming what was found, when none is.
 * @param {'pg_dump' | 'pg_restore'} name
 * @param {number} minimumMajor
 * @param {string} why
 * @param {NodeJS.ProcessEnv} env
 */
export function chooseTool(name, minimumMajor, why, env) {
  const tools = findTools(name, env);
  const fitting = tools.filter((tool) => tool.major >= minimumMajor);
  fitting.sort((a, b) => a.major - b.major);
  if (fitting[0]) return fitting[0];
  const seen = tools.length
    ? tools.map((tool) => `${tool.path} (${tool.version})`).join(', ')
    : 'none';
  throw new Error(
    `No ${name} of PostgreSQL ${minimumMajor} or newer was found (${why}); found: ${seen}. ` +
      `Install PostgreSQL ${minimumMajor}'s client tools and set PG_BIN_DIR to their folder.`,
  );
}

/** @param {string} version e.g. "15.20 (Debian 15.20-0+deb12u1)" or "18.4" */
export const majorOf = (version) => Number(/^(\d+)/.exec(version)?.[1] ?? 0);

/**
 * Each program's version, asked once a process for a given file: a backup or restore looks at
 * every copy of pg_dump and pg_restore each time, and starting each with --version cost seconds.
 * Keyed by the file the path resolves to, its device and inode, size, and modification and change
 * times, so a copy upgraded in place is asked again: also one replaced by `cp -p` (same inode,
 * modification time kept, perhaps the same size), whose change time no copy can set; Debian's
 * /usr/bin/pg_dump is a wrapper choosing a version as it runs, so it is asked every time. A copy
 * that did not answer is asked again next time.
 * @type {Map<string, string>}
 */
const versions = new Map();

/** @param {string} tool */
function versionOf(tool) {
  const key = cacheKey(tool);
  const known = key && versions.get(key);
  if (known) return known;
  const version = askVersion(tool);
  if (key && version) versions.set(key, version);
  return version;
}

/** @param {string} tool */
function cacheKey(tool) {
  try {
    const real = realpathSync(tool);
    // A script (Debian's pg_wrapper) decides at each run which binary it starts.
    if (startsWithShebang(real)) return undefined;
    const file = statSync(real, { bigint: true });
    return `${real} ${file.dev}:${file.ino} ${file.size} ${file.mtimeNs} ${file.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/** @param {string} file */
function startsWithShebang(file) {
  const head = Buffer.alloc(2);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 2, 0);
  } finally {
    closeSync(fd);
  }
  return head.toString() === '#!';
}

/** @param {string} tool */
function askVersion(tool) {
  try {
    const out = execFileSync(tool, ['--version'], { encoding: 'utf8' });
    return /\(PostgreSQL\)\s+(\S.*)$/m.exec(out)?.[1]?.trim();
  } catch {
    return undefined;
  }
}

/** @param {string} folder */
function subfolders(folder) {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * The product's version (@hub/runtime's productVersion: the organization export's manifest says
 * the same), and the git commit of a checkout beside it.
 * @param {NodeJS.ProcessEnv} env
 */
export function productRelease(env) {
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // not a git checkout (an image): no commit to name
  }
  return { version: productVersion(env), commit };
}
