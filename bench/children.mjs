// Child processes of the benchmarks that start services from their builds: started until they
// say they are ready, stopped politely, their last output kept for an error message.
// Also what several benchmarks share: their place (database, Redis prefix, data folder), the
// services started from their builds, a sign-in, percentiles and resident memory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { logText } from '../infra/launcher/output.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {{ name: string, child: import('node:child_process').ChildProcess, output: string[] }} Child
 */

/**
 * Starts a process, keeps its last output lines for an error message, and resolves once it
 * prints `readyText` (in a JSON log line's text too: production logs JSON).
 * @param {string} name
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {string} readyText
 * @param {Child[]} children  where the started child is recorded, for the clean-up
 * @returns {Promise<Child>}
 */
export function startChild(name, args, env, readyText, children) {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {Child} */
  const handle = { name, child, output: [] };
  children.push(handle);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(failure(`did not print "${readyText}" in 300 s`)),
      300_000,
    );
    const failure = (/** @type {string} */ what) =>
      new Error(`${name} ${what}. Its last output:\n${handle.output.join('\n')}`);
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      readline.createInterface({ input: stream }).on('line', (line) => {
        handle.output.push(line);
        if (handle.output.length > 40) handle.output.shift();
        if (logText(line).includes(readyText)) {
          clearTimeout(timer);
          resolve(handle);
        }
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(failure(`exited (${signal ?? `code ${code}`}) while starting`));
    });
  });
}

/** @param {Child} handle */
export function stopChild({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/** @param {number[]} sorted  ascending @param {number} share  e.g. 0.95 */
export const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** Resident memory of a process in MiB, from /proc (Linux). @param {number} pid */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Imports a package as the workspace that declares it would (the bench is no workspace).
 * @param {string} workspace  e.g. 'services/gateway'
 * @param {string} name
 */
export function importFrom(workspace, name) {
  const require = createRequire(path.join(repoRoot, workspace, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

/**
 * Where a bench's services run: a database `hub_bench_<random>` (or `reuse`, one a previous
 * run kept), a random Redis key prefix and a temporary data folder, and the environment the
 * services get. `cleanUp` removes all three, the database unless `keep` (or `reuse`) says so.
 * @param {{ reuse?: string, keep?: boolean }} [options]
 */
export function benchPlace(options = {}) {
  const suffix = randomBytes(4).toString('hex');
  const database = options.reuse ?? `hub_bench_${suffix}`;
  const databaseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/hub');
  databaseUrl.pathname = `/${database}`;
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redisPrefix = `bench:${suffix}:`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SUPER_ADMIN_EMAIL: 'root@platform.test', // its organization must not take a bench's domain
    SUPER_ADMIN_PASSWORD: `${randomBytes(18).toString('base64url')}aA7!`,
    DATA_DIR: dataDir,
    INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    // As the launcher and the Docker image run every process.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  };
  const cleanUp = async () => {
    const { default: pg } = await importFrom('services/gateway', 'pg');
    const { Redis } = await importFrom('services/gateway', 'ioredis');
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
    if (options.keep || options.reuse) return;
    const adminUrl = new URL(databaseUrl);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  };
  return { database, databaseUrl: databaseUrl.toString(), env, cleanUp };
}

/**
 * The node flags a process of the table runs with (infra/processes.json's `nodeArgs`), so a
 * bench measures the processes as the product starts them.
 * @param {string} name
 * @returns {string[]}
 */
function productNodeArgs(name) {
  /** @type {{ name: string, nodeArgs?: string[] }[]} */
  const table = JSON.parse(readFileSync(path.join(repoRoot, 'infra/processes.json'), 'utf8'));
  return table.find((entry) => entry.name === name)?.nodeArgs ?? [];
}

/**
 * Starts services from their builds one after the other (each migrates its schema), the
 * gateway last on a free port; answers the gateway's address. Each runs with its node flags
 * from the process table, then `nodeArgs`.
 * @param {string[]} names  e.g. ['identity', 'library', 'observation']
 * @param {NodeJS.ProcessEnv} env
 * @param {Child[]} children
 * @param {string[]} [nodeArgs]  e.g. `--cpu-prof` for every service and the gateway
 */
export async function startServices(names, env, children, nodeArgs = []) {
  for (const name of names) {
    const args = [...productNodeArgs(name), ...nodeArgs, `services/${name}/dist/main.js`];
    await startChild(name, args, env, `[${name}] ready`, children);
  }
  const { findFreePort } = await import('../infra/launcher/ports.mjs');
  const port = await findFreePort();
  await startChild(
    'gateway',
    [...productNodeArgs('gateway'), ...nodeArgs, 'services/gateway/dist/main.js'],
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    '[gateway] listening',
    children,
  );
  return `http://127.0.0.1:${port}`;
}

/**
 * Signs in through the gateway and answers the session cookie.
 * @param {string} gateway @param {string} email @param {string} password
 */
export async function signIn(gateway, email, password) {
  const login = await fetch(`${gateway}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await login.text();
  const session = login.headers
    .getSetCookie()
    .map((header) => /^hub_session=([^;]+)/.exec(header)?.[1])
    .find(Boolean);
  if (login.status !== 200 || !session) throw new Error(`sign-in failed: ${login.status}`);
  return `hub_session=${session}`;
}
