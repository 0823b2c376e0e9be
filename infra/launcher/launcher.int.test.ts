import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { findFreePort } from './ports.mjs';

/**
 * `npm start`'s launcher (after a build) against this test's own database and Redis prefix:
 * a worker killed with SIGKILL again and again, as the kernel's OOM killer does to a worker that
 * meets a hostile file, is restarted every time with a growing pause, reported, and never stops
 * the rest of the product; only a configuration error on the first start stops `npm start`.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The pause stops growing at 1 s here (5 min by default), and 4 s up counts as recovered. */
const POLICY_ENV = {
  LAUNCHER_RESTART_MAX_DELAY_MS: '1000',
  LAUNCHER_RESTART_STABLE_AFTER_MS: '4000',
};
let resources: TestResources;
let dataDir: string;
let launcher: ChildProcess;
let output = '';
let port: number;
let metricsPort: number;

/** Resolves with the match once the launcher's output matches `pattern`. */
async function printed(pattern: RegExp, timeoutMs = 120_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = pattern.exec(output);
    if (found) return found;
    if (launcher.exitCode !== null) throw new Error(`the launcher ended:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the launcher never printed ${pattern}:\n${output}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts the launcher as npm start runs it, with `env` on top. */
function launch(env: Record<string, string | undefined>): ChildProcess {
  output = '';
  const child = spawn(process.execPath, [join(repoRoot, 'infra/launcher/launcher.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // As npm start runs it (production would demand secrets such as INTEGRATION_SECRET_KEY).
      NODE_ENV: 'development',
      NO_COLOR: '1',
      DATABASE_URL: resources.databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: resources.redisPrefix,
      PORT: String(port),
      DATA_DIR: dataDir,
      SUPER_ADMIN_EMAIL: 'root@launcher.test',
      SUPER_ADMIN_PASSWORD: 'Launcher-Test-Pass-1!',
      // The launcher's own default is under test.
      MALLOC_ARENA_MAX: undefined,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return child;
}

beforeAll(async () => {
  resources = claimTestResources();
  dataDir = mkdtempSync(join(tmpdir(), 'launcher-'));
  // Below Linux's ephemeral range, so nothing takes them meanwhile; each process of the launcher
  // serves its metrics on its own port counting up from METRICS_PORT (the gateway is the 9th).
  port = await findFreePort(20_000 + Math.floor(Math.random() * 5_000));
  metricsPort = await findFreePort(25_000 + Math.floor(Math.random() * 5_000));
  // JSON log lines, as in production: the launcher finds every ready line in them too.
  launcher = launch({ ...POLICY_ENV, METRICS_PORT: String(metricsPort), LOG_FORMAT: 'json' });
  await printed(/Frontline Hub is running/, 240_000);
  expect(output).toMatch(
    /gateway +│ \{"level":"info","time":"[^"]+","service":"gateway","msg":"listening on /,
  );
}, 300_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    launcher.kill('SIGKILL');
  }
  await resources?.release();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface HealthAnswer {
  status: string;
  problems: string[];
  processes: Record<
    string,
    { state: string; pid: number; restarts: number; lastExit: string | null; failing: boolean }
  >;
}

const health = async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { code: response.status, ...((await response.json()) as HealthAnswer) };
};

const count = (text: string) => output.split(text).length - 1;

describe('the launcher of npm start', () => {
  it('restarts a worker killed with SIGKILL again and again, keeps serving, reports it, and still stops cleanly', async () => {
    let pid = Number((await printed(/pdf-worker started \(pid (\d+)\)/))[1]);
    // The processes run with the image's malloc setting (two arenas) unless it is set.
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain('MALLOC_ARENA_MAX=2');
    const kills = 7;
    for (let kill = 1; kill <= kills; kill += 1) {
      process.kill(pid, 'SIGKILL');
      await expect
        .poll(async () => (await health()).processes['pdf-worker'], { timeout: 60_000 })
        .toMatchObject({ state: 'running', restarts: kill });
      pid = (await health()).processes['pdf-worker']!.pid;
      // Sign-in and the API keep answering while the worker crashes.
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'root@launcher.test', password: 'Launcher-Test-Pass-1!' }),
      });
      expect(signIn.status).toBe(200);
    }
    expect(alive(pid)).toBe(true);
    expect(output).toContain('pdf-worker was ended by SIGKILL unexpectedly; restarting it in 1 s.');
    expect(output).toContain('pdf-worker restarted (restart 1, pid');
    // Once per change, not once per restart.
    expect(count('pdf-worker keeps failing')).toBe(1);
    expect(count('pdf-worker restarted')).toBe(1);
    expect(output).not.toContain('Stopped after the failure above');

    const degraded = await health();
    expect(degraded.code).toBe(503);
    expect(degraded.status).toBe('degraded');
    expect(degraded.problems).toContain(
      `pdf-worker is running again after crashing (${kills} restarts, last exit: was ended by SIGKILL)`,
    );
    expect(degraded.processes.gateway).toMatchObject({
      state: 'running',
      restarts: 0,
      failing: false,
    });
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort + 8}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(`hub_process_restarts_total\\{[^}]*part="pdf-worker"[^}]*\\} ${kills}\\b`),
    );
    expect(metrics).toMatch(/hub_process_failing\{[^}]*part="pdf-worker"[^}]*\} 1\b/);

    // Up for the stable time again: recovered, said once, healthy.
    await printed(
      /pdf-worker is running again \(pid \d+, up for 4 s after 7 crashes in a row\)/,
      30_000,
    );
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe('ok');

    const exited = new Promise<number | null>((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped.');
    expect(alive(pid)).toBe(false);
  }, 240_000);

  it('stops npm start when a part cannot start on its configuration (exit code 78), with its message', async () => {
    // Production demands secrets the development defaults fill in (e.g. INTEGRATION_SECRET_KEY).
    launcher = launch({ NODE_ENV: 'production', INTEGRATION_SECRET_KEY: '', FILE_LINK_SECRET: '' });
    const code = await new Promise<number | null>((resolve) => launcher.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(
      /stopped on a configuration error \(exit code 78, see its message above\)\. npm start cannot go on without it\./,
    );
    expect(output).toContain('Stopped after the failure above.');
  }, 120_000);
});
