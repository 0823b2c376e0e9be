// The embedded default: brings the whole product up on one machine. Uses PostgreSQL and Redis
// where they answer (DATABASE_URL / REDIS_URL, by default on their usual local ports) and
// otherwise starts its own; then starts the services, workers and the gateway, prints where to
// sign in, and on Ctrl-C / SIGTERM stops everything in reverse order, then Redis and PostgreSQL.
// Every part (service, worker, and the Redis and PostgreSQL it started) that ends unexpectedly is
// restarted with a growing pause, forever (supervision.mjs): one failing part never stops the
// others. Only a part that cannot start at all on its configuration (exit code 78) stops it.
//
// Run by `npm start` (infra/scripts/start.sh) with Node 24 from node_modules/.bin.
//
// Two processes: the one started from the terminal only forwards signals to a supervisor in its
// own process group. A Ctrl-C reaches the whole foreground group at once; without that split it
// would hit PostgreSQL and the services together, and the database could go before its users.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeExit, killAll, startChild } from './children.mjs';
import { productEnvironment, SUPERVISOR_FLAG } from './environment.mjs';
import { log, logText, paint } from './output.mjs';
import { canListen, metricsPortOf, waitFor } from './ports.mjs';
import { DEFAULT_DATABASE_URL, ensurePostgres } from './postgres.mjs';
import { DEFAULT_REDIS_URL, ensureRedis } from './redis.mjs';
import {
  ConfigurationError,
  policyFromEnv,
  RESTART_POLICY,
  Supervised,
  SupervisionReport,
} from './supervision.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
/** The longest any one part (a process, Redis, PostgreSQL) may take to stop. */
const STOP_PART_MS = 15_000;

/**
 * The product's processes (infra/processes.json, shared with the end-to-end tests), started in
 * its order and stopped in the reverse one: services first (each migrates its own schema),
 * workers next, the gateway last.
 * `nodeArgs` are node flags given before the entry (the V8 heap's sizes), as compose and the
 * Kubernetes Deployments give them.
 * @type {{ name: string, entry: string, nodeArgs?: string[], ready: string }[]}
 */
const PROCESSES = JSON.parse(readFileSync(path.join(repoRoot, 'infra/processes.json'), 'utf8'));

if (process.env[SUPERVISOR_FLAG] === '1') await supervise();
else front();

/** Starts the supervisor in its own process group and relays signals and its exit code. */
function front() {
  const supervisor = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [SUPERVISOR_FLAG]: '1' },
  });
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill(signal);
    });
  }
  supervisor.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** @typedef {{ label: string, run: () => Promise<unknown> }} Cleanup */

async function supervise() {
  /** @type {Cleanup[]} */
  const cleanups = [];
  let stopping = false;

  /**
   * Stops what was started, newest first, and exits.
   * @param {string} reason
   * @param {number} exitCode
   */
  const shutdown = async (reason, exitCode) => {
    if (stopping) return;
    stopping = true;
    log(exitCode === 0 ? reason : paint('1;31', reason));
    if (cleanups.length > 0) log('Stopping…');
    // Bounded whatever is down: each part gets STOP_PART_MS, and what is left at the end is killed.
    for (const cleanup of cleanups.reverse()) {
      try {
        await withTimeout(cleanup.run(), STOP_PART_MS, `${cleanup.label} did not stop in time`);
      } catch (error) {
        log(`could not stop ${cleanup.label}: ${error instanceof Error ? error.message : error}`);
      }
    }
    const killed = killAll();
    if (killed > 0) log(`Killed ${killed} process(es) that had not stopped.`);
    log(exitCode === 0 ? 'Stopped.' : 'Stopped after the failure above.');
    process.exit(exitCode);
  };
  for (const signal of SIGNALS) {
    process.on(signal, () => void shutdown(`${signal} received`, 0));
  }
  // The front process went away (it was killed): nobody can stop us by signal any more.
  process.on('disconnect', () => void shutdown('The launcher process went away', 1));

  try {
    const dataDir = path.resolve(repoRoot, process.env.DATA_DIR || '.data');

    for (const { entry } of PROCESSES) {
      if (!existsSync(path.join(repoRoot, entry))) {
        throw new Error(`${entry} is missing: build first (npm start does).`);
      }
    }

    const port = Number(process.env.PORT || 8080);
    const host = process.env.HOST || '0.0.0.0';
    if (Number.isInteger(port) && port > 0 && !(await canListen(port, host))) {
      throw new Error(
        `Port ${port} (PORT) is already in use. Stop what holds it, or choose another port, e.g. PORT=8090 npm start`,
      );
    }
    const env = productEnvironment(process.env, { port, stdoutIsTTY: !!process.stdout.isTTY });

    const report = new SupervisionReport(path.join(dataDir, 'launcher', 'processes.json'));
    // The gateway reports the launcher's restarts in /api/health and /metrics.
    env.LAUNCHER_STATE_FILE = report.file;
    const postgres = await ensurePostgres(env.DATABASE_URL || DEFAULT_DATABASE_URL, dataDir, log, {
      report,
    });
    cleanups.push({ label: 'PostgreSQL', run: postgres.stop });
    env.DATABASE_URL = postgres.url;
    log(`PostgreSQL: ${postgres.description}`);

    const redis = await ensureRedis(env.REDIS_URL || DEFAULT_REDIS_URL, dataDir, log, { report });
    cleanups.push({ label: 'Redis', run: redis.stop });
    env.REDIS_URL = redis.url;
    log(`Redis: ${redis.description}`);

    const policy = policyFromEnv(RESTART_POLICY, env);
    if (env.CAMERA_SIMULATOR === '1') await startCameraSimulator(env, cleanups, report, policy);

    /** @type {{ generatedPassword?: string, createdWithConfiguredPassword?: boolean }} */
    const seed = {};
    const watchSeed = (/** @type {string} */ line) => {
      const generated = /Generated password[^:]*:\s*(\S+)\s*$/.exec(line);
      if (generated) seed.generatedPassword = generated[1];
      if (/Super administrator created: .*SUPER_ADMIN_PASSWORD/.test(line)) {
        seed.createdWithConfiguredPassword = true;
      }
    };
    for (const [index, { name, entry, nodeArgs = [], ready }] of PROCESSES.entries()) {
      const metricsPort = metricsPortOf(env.METRICS_PORT, index);
      const supervised = new Supervised({
        name,
        start: () =>
          startChild(name, process.execPath, [...nodeArgs, path.join(repoRoot, entry)], {
            cwd: repoRoot,
            env: { ...env, ...metricsPort },
            ...(name === 'identity' ? { onLine: watchSeed } : {}),
          }),
        waitReady: (child) => waitForLine(child, ready, 180_000),
        log,
        report,
        policy,
      });
      cleanups.push({ label: name, run: () => supervised.stop() });
      await supervised.begin();
      if (supervised.crashesInRow === 0) {
        log(`${name} started (pid ${supervised.child?.child.pid}).`);
      }
    }

    const healthUrl = `http://127.0.0.1:${port}/api/health`;
    const healthy = await waitFor(async () => {
      try {
        return (await fetch(healthUrl)).status === 200;
      } catch {
        return false;
      }
    }, 30_000);
    if (stopping) return;
    if (!healthy) log(paint('33', `${healthUrl} does not answer 200 yet: some part is down.`));
    printBanner(env, seed, postgres.description, redis.description);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await shutdown(
      error instanceof ConfigurationError
        ? `${message} npm start cannot go on without it.`
        : message,
      1,
    );
  }
}

/**
 * With CAMERA_SIMULATOR=1: the camera provider simulator (infra/camera-simulator), so the
 * Integrations page can be tried without a real camera system.
 * @param {NodeJS.ProcessEnv} env
 * @param {Cleanup[]} cleanups
 * @param {SupervisionReport} report
 * @param {typeof RESTART_POLICY} policy
 */
async function startCameraSimulator(env, cleanups, report, policy) {
  env.CAMERA_SIMULATOR_PORT ||= '8090';
  const entry = path.join(repoRoot, 'infra/camera-simulator/main.mjs');
  const simulator = new Supervised({
    name: 'camera-simulator',
    start: () => startChild('camera-simulator', process.execPath, [entry], { cwd: repoRoot, env }),
    waitReady: (child) => waitForLine(child, '[camera-simulator] listening', 30_000),
    log,
    report,
    policy,
  });
  cleanups.push({ label: 'camera-simulator', run: () => simulator.stop() });
  await simulator.begin();
  log(
    `Camera simulator: http://127.0.0.1:${env.CAMERA_SIMULATOR_PORT} (client id hub-demo, secret demo-secret-7Q2x; see infra/camera-simulator/fixtures/accounts.json)`,
  );
}

/**
 * @param {Promise<unknown>} promise
 * @param {number} ms
 * @param {string} message
 */
function withTimeout(promise, ms, message) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Resolves when the child prints a line containing `text` (in the text of a JSON log line too);
 * rejects when it ends first or the
 * time runs out.
 * @param {import('./children.mjs').Child} child
 * @param {string} text
 * @param {number} timeoutMs
 */
function waitForLine(child, text, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${child.name} did not print "${text}" within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    const unsubscribe = child.onLine((line) => {
      if (!logText(line).includes(text)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(undefined);
    });
    void child.exited.then((status) => {
      clearTimeout(timer);
      unsubscribe();
      reject(new Error(`${child.name} ${describeExit(status)} while starting.`));
    });
  });
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ generatedPassword?: string, createdWithConfiguredPassword?: boolean }} seed
 * @param {string} postgres
 * @param {string} redis
 */
function printBanner(env, seed, postgres, redis) {
  const email = (env.SUPER_ADMIN_EMAIL || 'admin@hub.local').trim().toLowerCase();
  let password;
  if (seed.generatedPassword) {
    password = [
      paint('1', seed.generatedPassword),
      '             generated on this first start and shown only now: store it.',
    ];
  } else if (seed.createdWithConfiguredPassword) {
    password = ['the value of SUPER_ADMIN_PASSWORD'];
  } else {
    password = [
      'the one set when this account was created: SUPER_ADMIN_PASSWORD then,',
      '             or the password generated and printed on that first start.',
    ];
  }
  const rule = '─'.repeat(72);
  log(
    [
      '',
      rule,
      `  Frontline Hub is running:  ${paint('1;4', env.PUBLIC_URL ?? '')}`,
      '',
      '  Sign in as the super administrator:',
      `    email    ${paint('1', email)}`,
      `    password ${password.join('\n')}`,
      '',
      `  PostgreSQL: ${postgres}`,
      `  Redis:      ${redis}`,
      '  Stop everything with Ctrl-C.',
      rule,
      '',
    ].join('\n'),
  );
}
