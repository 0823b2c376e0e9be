import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/kit/testing';

/**
 * `npm start`'s launcher (after a build) against this test's own database and Redis prefix:
 * a worker killed with SIGKILL, as the kernel's OOM killer does, is restarted and reported.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = process.env.E2E_PORT ?? '8080';
let resources: TestResources;
let dataDir: string;
let launcher: ChildProcess;
let output = '';

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

beforeAll(async () => {
  resources = claimTestResources();
  dataDir = mkdtempSync(join(tmpdir(), 'launcher-'));
  launcher = spawn(process.execPath, [join(repoRoot, 'infra/launcher/launcher.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // As npm start runs it (production would demand secrets such as INTEGRATION_SECRET_KEY).
      NODE_ENV: 'development',
      NO_COLOR: '1',
      DATABASE_URL: resources.databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: resources.redisPrefix,
      PORT: port,
      DATA_DIR: dataDir,
      SUPER_ADMIN_EMAIL: 'root@launcher.test',
      SUPER_ADMIN_PASSWORD: 'Launcher-Test-Pass-1!',
      // The launcher's own default is under test.
      MALLOC_ARENA_MAX: undefined,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await printed(/Frontline Hub is running/, 240_000);
}, 300_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    launcher.kill('SIGKILL');
  }
  await resources?.release();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the launcher of npm start', () => {
  it('restarts a worker killed with SIGKILL, reports it in /api/health, and still stops cleanly', async () => {
    const pid = Number((await printed(/pdf-worker started \(pid (\d+)\)/))[1]);
    // The processes run with the image's malloc setting (two arenas) unless it is set.
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain('MALLOC_ARENA_MAX=2');
    process.kill(pid, 'SIGKILL');
    await printed(/pdf-worker was ended by SIGKILL unexpectedly; restarting it in 1 s/);
    const restarted = Number((await printed(/pdf-worker restarted \(restart 1, pid (\d+)\)/))[1]);
    expect(restarted).not.toBe(pid);
    expect(output).not.toContain('Stopped after the failure above');

    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      status: string;
      processes: Record<string, { state: string; restarts: number; lastExit: string | null }>;
    };
    expect(health.processes['pdf-worker']).toMatchObject({
      state: 'running',
      restarts: 1,
      lastExit: 'was ended by SIGKILL',
    });
    expect(health.processes.gateway).toMatchObject({ state: 'running', restarts: 0 });
    expect(health.status).toBe('ok');

    const exited = new Promise<number | null>((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped.');
    expect(alive(restarted)).toBe(false);
  }, 120_000);
});
