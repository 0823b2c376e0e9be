// Redis for the embedded default: the one at REDIS_URL when it answers, otherwise Debian's
// redis-server (installed with apt-get when missing) run as a child, with an append-only file in
// $DATA_DIR/redis.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startChild } from './children.mjs';
import { isLoopback } from './postgres.mjs';
import { answersRedis, findFreePort, waitFor } from './ports.mjs';
import {
  INFRASTRUCTURE_POLICY,
  policyFromEnv,
  Supervised,
  SupervisionReport,
} from './supervision.mjs';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * @typedef {{
 *   url: string,
 *   embedded: boolean,
 *   description: string,
 *   stop: () => Promise<void>,
 * }} RedisServer
 */

/**
 * @param {string} redisUrl
 * @param {string} dataDir  absolute $DATA_DIR
 * @param {(message: string) => void} log
 * @param {{ report?: SupervisionReport }} [options]  where its restarts are reported
 * @returns {Promise<RedisServer>}
 */
export async function ensureRedis(redisUrl, dataDir, log, options = {}) {
  const url = new URL(redisUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(url.port || 6379);
  /** @type {RedisServer} */
  const existing = {
    url: redisUrl,
    embedded: false,
    description: `the one at ${host}:${port}`,
    stop: async () => undefined,
  };
  if (await answersRedis(host, port)) return existing;
  if (!isLoopback(host)) {
    throw new Error(
      `Redis at ${host}:${port} (REDIS_URL) does not answer. Start it, or point REDIS_URL at a local address to have the launcher start its own.`,
    );
  }
  log(`No Redis answers at ${host}:${port}: starting redis-server.`);
  let binary = findOnPath('redis-server');
  if (!binary) {
    installRedis(log);
    // Debian's package may start its own service on 6379 as it installs.
    if (await answersRedis(host, port)) return existing;
    binary = findOnPath('redis-server');
    if (!binary) throw new Error('redis-server is still not on the PATH after installing it');
  }
  const redisServer = binary;

  const redisPort = await findFreePort(port);
  const workDir = path.join(dataDir, 'redis');
  await mkdir(workDir, { recursive: true });
  const password = decodeURIComponent(url.password);
  const args = [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    // Queued jobs and sessions survive a restart, even a kill -9: an append-only file in
    // $DATA_DIR/redis, fsynced on every write (with `everysec` a job acknowledged in the last
    // second before a crash could be lost); no RDB snapshots on top of it.
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
    '--daemonize',
    'no',
    '--loglevel',
    'warning',
    '--dir',
    workDir,
    ...(password ? ['--requirepass', password] : []),
  ];
  // Supervised like every other part: after an unexpected end it starts again on the same port
  // from its append-only file, and the services' clients reconnect by themselves.
  const server = new Supervised({
    name: 'redis',
    start: () => startChild('redis', redisServer, args, { cwd: workDir }),
    waitReady: async (child) => {
      const up = await waitFor(
        async () => child.hasExited() || (await answersRedis('127.0.0.1', redisPort)),
        15_000,
        50,
      );
      if (!up || child.hasExited()) {
        throw new Error(`redis-server did not come up on port ${redisPort}`);
      }
    },
    log,
    report: options.report ?? new SupervisionReport(path.join(workDir, 'supervision.json')),
    policy: policyFromEnv(INFRASTRUCTURE_POLICY, process.env),
  });
  try {
    await server.launch();
  } catch (error) {
    await server.stop(2000);
    throw new Error(`${errorText(error)} (see its messages above)`, { cause: error });
  }
  const startedUrl = new URL(redisUrl);
  startedUrl.hostname = '127.0.0.1';
  startedUrl.port = String(redisPort);
  return {
    url: startedUrl.toString().replace(/\/$/, ''),
    embedded: true,
    description: `redis-server on 127.0.0.1:${redisPort} (append-only file in ${workDir})`,
    stop: () => server.stop(5000),
  };
}

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? error.message : String(error));

/**
 * @param {string} name
 * @returns {string | undefined}
 */
function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return ['/usr/bin', '/usr/sbin', '/usr/local/bin']
    .map((dir) => path.join(dir, name))
    .find((candidate) => {
      try {
        accessSync(candidate, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/**
 * `apt-get install -y redis-server`, with `apt-get update` first only when that fails.
 * @param {(message: string) => void} log
 */
function installRedis(log) {
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? undefined : findOnPath('sudo');
  if (!findOnPath('apt-get') || (!isRoot && !sudo)) {
    throw new Error(
      'redis-server is not installed and cannot be installed here (needs apt-get as root). Install Redis, or point REDIS_URL at a running one.',
    );
  }
  /** @param {string[]} args */
  const apt = (args) => {
    const [command, fullArgs] = isRoot ? ['apt-get', args] : [sudo ?? 'sudo', ['apt-get', ...args]];
    log(`$ ${isRoot ? '' : 'sudo '}apt-get ${args.join(' ')}`);
    return spawnSync(command, fullArgs, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  };
  const install = ['install', '-y', '--no-install-recommends', 'redis-server'];
  if (apt(install) === 0) return;
  if (apt(['update']) !== 0 || apt(install) !== 0) {
    throw new Error('apt-get could not install redis-server (see its messages above)');
  }
}
