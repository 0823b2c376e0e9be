import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Child, ExitStatus } from './children.mjs';
import {
  ConfigurationError,
  policyFromEnv,
  restartDelay,
  RESTART_POLICY,
  Supervised,
  SupervisionReport,
} from './supervision.mjs';

const dir = mkdtempSync(join(tmpdir(), 'supervision-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process stand-in that ends when told to. */
function fakeChild(pid: number): Child & { end: (status: ExitStatus) => void } {
  let done = false;
  let end!: (status: ExitStatus) => void;
  const exited = new Promise<ExitStatus>((resolve) => {
    end = (status) => {
      done = true;
      resolve(status);
    };
  });
  const child = { pid } as unknown as Child['child'];
  return { name: 'part', child, exited, hasExited: () => done, onLine: () => () => false, end };
}

/** A supervised part whose every start makes a new fake child; `failStart` fails that many. */
function supervisedPart(options: { failStarts?: number; exitCode?: number } = {}) {
  const children: ReturnType<typeof fakeChild>[] = [];
  const lines: string[] = [];
  const report = new SupervisionReport(join(dir, `${Math.random()}.json`));
  let failStarts = options.failStarts ?? 0;
  const part = new Supervised({
    name: 'pdf-worker',
    start: () => {
      const child = fakeChild(100 + children.length);
      children.push(child);
      return child;
    },
    waitReady: async (child) => {
      if (failStarts > 0) {
        failStarts -= 1;
        (child as ReturnType<typeof fakeChild>).end({ code: options.exitCode ?? 1, signal: null });
        throw new Error('ended while starting');
      }
    },
    stop: async (child) => (child as ReturnType<typeof fakeChild>).end({ code: 0, signal: null }),
    log: (line) => lines.push(line),
    report,
    policy: { firstDelayMs: 1, maxDelayMs: 8, stableAfterMs: 200, loopCrashes: 3 },
  });
  const reported = () =>
    (JSON.parse(readFileSync(report.file, 'utf8')) as { processes: Record<string, unknown> })
      .processes['pdf-worker'] as Record<string, unknown>;
  return { part, children, lines, reported };
}

const until = async (check: () => boolean) => {
  await expect.poll(check, { timeout: 5000, interval: 5 }).toBe(true);
};

describe('the restart policy', () => {
  it('doubles the pause with each crash in a row, up to a ceiling of 5 minutes', () => {
    expect(restartDelay(1)).toBe(1000);
    expect(restartDelay(3)).toBe(4000);
    expect(restartDelay(9)).toBe(256_000);
    expect(restartDelay(10)).toBe(300_000);
    expect(restartDelay(1000)).toBe(300_000);
  });

  it('takes a lower ceiling from the environment (tests), and ignores nonsense', () => {
    const env = { LAUNCHER_RESTART_MAX_DELAY_MS: '2000', LAUNCHER_RESTART_STABLE_AFTER_MS: 'x' };
    expect(policyFromEnv(RESTART_POLICY, env)).toEqual({ ...RESTART_POLICY, maxDelayMs: 2000 });
  });
});

describe('a supervised part', () => {
  it('is restarted forever, however often it crashes, and says so once per change', async () => {
    const { part, children, lines, reported } = supervisedPart();
    await part.begin();
    for (let crash = 1; crash <= 12; crash += 1) {
      children.at(-1)!.end({ code: null, signal: 'SIGKILL' });
      await until(() => children.length === crash + 1 && part.child === children.at(-1));
      await until(() => reported().state === 'running');
    }
    expect(part.restarts).toBe(12);
    expect(reported()).toMatchObject({
      state: 'running',
      restarts: 12,
      failing: true,
      crashesInRow: 12,
      lastExit: 'was ended by SIGKILL',
    });
    // The first crash, its restart, and the crash loop: three lines for twelve crashes.
    expect(lines).toEqual([
      'pdf-worker was ended by SIGKILL unexpectedly; restarting it in 0.001 s.',
      'pdf-worker restarted (restart 1, pid 101).',
      expect.stringMatching(
        /^pdf-worker keeps failing \(3 crashes in a row, the last: was ended by SIGKILL\): restarting it with a growing pause, up to 0.008 s/,
      ),
    ]);
    await until(() => reported().failing === false);
    expect(lines.at(-1)).toMatch(
      /^pdf-worker is running again \(pid 112, up for 0.2 s after 12 crashes in a row\)/,
    );
    await part.stop();
    expect(reported().state).toBe('stopped');
  });

  it('retries a first start that fails, without holding up the launcher', async () => {
    const { part, children, reported } = supervisedPart({ failStarts: 2 });
    await part.begin();
    await until(() => reported().state === 'running');
    expect(children).toHaveLength(3);
    expect(reported()).toMatchObject({ restarts: 1, crashesInRow: 2 });
    await part.stop();
  });

  it('stops npm start only for a first start that fails on its configuration (exit 78)', async () => {
    const { part, children } = supervisedPart({ failStarts: 1, exitCode: 78 });
    await expect(part.begin()).rejects.toThrow(ConfigurationError);
    await expect(part.begin()).resolves.toBeUndefined();
    expect(children).toHaveLength(2);
    await part.stop();
  });
});
