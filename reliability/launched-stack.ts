import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimTestResources, freePort, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { E2E_SUPER_ADMIN, type RunningStack } from '../e2e/stack.js';

/**
 * The product as `npm start` runs it (the launcher on the built processes, with its supervisor)
 * against a database and Redis prefix of its own, for the reliability suite: the suite kills
 * the launcher's children and reads their memory, so it follows their process ids and restarts
 * from the launcher's output ("X started (pid N)") and its report of every part
 * ($DATA_DIR/launcher/processes.json: the launcher prints a restart only once per change).
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Lines kept for an error message: a long load run prints far too much to keep it all. */
const KEPT_LINES = 300;

export interface LaunchedStack extends RunningStack {
  /** The pid of each process the launcher runs now. */
  pids: Map<string, number>;
  /** How many times the launcher restarted each process. */
  restarts: Map<string, number>;
  /** Resolves once `name` has been restarted `count` times. */
  restarted(name: string, count: number, timeoutMs?: number): Promise<number>;
  /** The launcher's last output lines. */
  tail(): string;
}

/**
 * Where a stack runs from and what it keeps: by default this checkout, on a database and data
 * folder of its own that stop() removes; given `resources` and `dataDir`, the caller owns them,
 * so another build (an earlier release) can start on the same data after this one stops.
 */
export interface LaunchOptions {
  root?: string;
  resources?: TestResources;
  dataDir?: string;
}

export async function launchStack(
  extraEnv: Record<string, string> = {},
  options: LaunchOptions = {},
): Promise<LaunchedStack> {
  const owned = !options.resources;
  const resources = options.resources ?? claimTestResources();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'reliability-'));
  const root = options.root ?? repoRoot;
  // Below the kernel's ephemeral range (freePort): the stack takes seconds to start.
  const port = String(await freePort());
  const env: Record<string, string> = {
    // As npm start runs it (production would demand secrets such as INTEGRATION_SECRET_KEY).
    NODE_ENV: 'development',
    NO_COLOR: '1',
    DATABASE_URL: resources.databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: resources.redisPrefix,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SUPER_ADMIN_EMAIL: E2E_SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: E2E_SUPER_ADMIN.password,
    INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    // The suite crashes workers many times in a row within minutes: the pause between restarts
    // stops growing at 4 s here instead of 5 minutes (infra/launcher/supervision.mjs).
    LAUNCHER_RESTART_MAX_DELAY_MS: '4000',
    // A killed job goes back to the queue once its lock runs out and the stall check runs (60 s
    // and 30 s by default): shortened here so the suite waits seconds, not minutes, per kill.
    JOB_LOCK_MS: '10000',
    JOB_STALL_CHECK_MS: '5000',
    ...extraEnv,
  };
  const launcher = spawn(process.execPath, [join(root, 'infra/launcher/launcher.mjs')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watch = watchOutput(launcher, join(env.DATA_DIR!, 'launcher', 'processes.json'));
  const stop = async () => {
    watch.close();
    await stopLauncher(launcher);
    if (!owned) return;
    await resources.release();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await watch.printed(/Frontline Hub is running/, 300_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, env, resources, stop, ...watch.state };
}

function watchOutput(launcher: ChildProcess, reportFile: string) {
  const lines: string[] = [];
  const pids = new Map<string, number>();
  const restarts = new Map<string, number>();
  const waiters = new Set<() => void>();
  let pending = '';
  const readReport = () => {
    let report: { processes: Record<string, { pid: number | null; restarts: number }> };
    try {
      report = JSON.parse(readFileSync(reportFile, 'utf8')) as typeof report;
    } catch {
      return; // not written yet
    }
    for (const [name, part] of Object.entries(report.processes)) {
      if (part.pid) pids.set(name, part.pid);
      if (part.restarts > 0) restarts.set(name, part.restarts);
    }
    for (const wake of waiters) wake();
  };
  const reportTimer = setInterval(readReport, 200);
  const onChunk = (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      const started = / (\S+) started \(pid (\d+)\)/.exec(line);
      if (started) pids.set(started[1]!, Number(started[2]));
    }
    for (const wake of waiters) wake();
  };
  launcher.stdout!.on('data', onChunk);
  launcher.stderr!.on('data', onChunk);
  const tail = () => lines.join('\n');

  /** Resolves once `check` holds after some output, or throws when the launcher ends first. */
  const until = <T>(check: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`${what} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const finish = (error?: Error, value?: T) => {
        clearTimeout(timer);
        waiters.delete(poll);
        launcher.off('exit', ended);
        if (error) reject(new Error(`${error.message}; the launcher printed:\n${tail()}`));
        else resolve(value as T);
      };
      const ended = () => finish(new Error(`the launcher ended before ${what}`));
      const poll = () => {
        const value = check();
        if (value !== undefined) finish(undefined, value);
      };
      waiters.add(poll);
      launcher.once('exit', ended);
      poll();
    });

  const printed = (pattern: RegExp, timeoutMs: number) =>
    until(
      () => (lines.some((line) => pattern.test(line)) ? true : undefined),
      `${pattern}`,
      timeoutMs,
    );
  const restarted = (name: string, count: number, timeoutMs = 120_000) =>
    until(
      () => ((restarts.get(name) ?? 0) >= count ? pids.get(name) : undefined),
      `${name} restarted ${count} time(s)`,
      timeoutMs,
    );
  const close = () => clearInterval(reportTimer);
  return { printed, close, state: { pids, restarts, restarted, tail } };
}

async function stopLauncher(launcher: ChildProcess): Promise<void> {
  if (launcher.exitCode !== null || launcher.signalCode !== null) return;
  const exited = new Promise((resolve) => launcher.once('exit', resolve));
  launcher.kill('SIGTERM');
  // The launcher bounds its own stop (15 s a part); this only guards against a hung launcher.
  const timer = setTimeout(() => launcher.kill('SIGKILL'), 120_000);
  await exited;
  clearTimeout(timer);
}
