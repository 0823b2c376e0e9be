import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const LIB = fileURLToPath(new URL('./lib.sh', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** A process of the e2e run marked `mark` that nobody stops, as a Chromium left by its worker. */
function leftProcess(mark: string): number {
  const child = spawn('sleep', ['600'], {
    env: { ...process.env, HUB_E2E_RUN: mark },
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  started.push(child.pid!);
  return child.pid!;
}

function noProcessLeftBy(mark: string) {
  return spawnSync('bash', ['-c', `source "${LIB}" && no_process_left_by "$0" 1`, mark], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

/** Whether the process is still there (node reaps the children it spawned). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("test.sh's check that nothing of the e2e run outlives it", () => {
  it('fails on a process of the run still there, names it and kills it', async () => {
    const mark = `test-${process.pid}-left`;
    const pid = leftProcess(mark);
    const check = noProcessLeftBy(mark);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(`${pid}: sleep 600`);
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it("passes when the run's processes are gone, whatever else runs", () => {
    leftProcess(`test-${process.pid}-other`);
    const check = noProcessLeftBy(`test-${process.pid}-mine`);
    expect(check.status).toBe(0);
    expect(check.stderr).toBe('');
  });
});
