import { afterEach, describe, expect, it } from 'vitest';
import { takeReleaseAsked } from '@hub/runtime';
import type { PoolTestInput } from '../test-support/pool-test-thread.ts';
import { SandboxFailure, SandboxPool } from './sandbox-pool.ts';

const entry = new URL('../test-support/pool-test-thread.ts', import.meta.url);
type Answer = { echo: number; thread: number };

let pool: SandboxPool<PoolTestInput, Answer, never>;
const open = (size: number, timeoutMs = 60_000, growAfterMs = 0) => {
  pool = new SandboxPool(entry, size, { timeoutMs, memoryMb: 64 }, growAfterMs);
  return pool;
};
afterEach(() => pool.close());

describe('the pool of sandbox threads', () => {
  it('reuses a thread between tasks instead of starting one each time', async () => {
    open(1);
    const first = await pool.run({ input: { echo: 1 } });
    const second = await pool.run({ input: { echo: 2 } });
    expect([first.echo, second.echo]).toEqual([1, 2]);
    expect(second.thread).toBe(first.thread);
  });

  it('runs no more tasks at once than it has threads, and all of them in the end', async () => {
    open(2);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((echo) => pool.run({ input: { echo } })));
    expect(answers.map((answer) => answer.echo)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(answers.map((answer) => answer.thread)).size).toBeLessThanOrEqual(2);
  });

  it('starts no second thread for tasks that do not wait long', async () => {
    open(2, 60_000, 60_000);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((echo) => pool.run({ input: { echo } })));
    expect(answers.map((answer) => answer.echo)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(answers.map((answer) => answer.thread)).size).toBe(1);
  });

  it('starts a second thread for a task that waits behind a busy one', async () => {
    open(2, 20_000, 50);
    const stuck = pool.run({ input: { stall: true } });
    const after = await pool.run({ input: { echo: 5 } });
    expect(after.echo).toBe(5);
    const ended = expect(stuck).rejects.toMatchObject({ kind: 'crash' });
    await pool.close();
    await ended;
  });

  // The deadline also counts the new thread's start for the next task: long enough for a
  // loaded 2-core machine to start one.
  it('ends a thread stuck past the deadline and answers the next task from a new one', async () => {
    open(1, 4_000);
    const stuck = pool.run({ input: { stall: true } });
    await expect(stuck).rejects.toMatchObject({ kind: 'timeout' });
    const after = await pool.run({ input: { echo: 3 } });
    expect(after.echo).toBe(3);
  }, 20_000);

  it('reports a thread that exits as a crash and goes on with a new one', async () => {
    open(1);
    const crashed = pool.run({ input: { exit: 3 } });
    await expect(crashed).rejects.toBeInstanceOf(SandboxFailure);
    await expect(crashed).rejects.toMatchObject({ kind: 'crash' });
    expect((await pool.run({ input: { echo: 4 } })).echo).toBe(4);
  });

  // glibc keeps what an ended thread freed (its isolate, the reader's buffers) unless asked.
  it('asks for memory to be given back once a thread has ended', async () => {
    open(1);
    await pool.run({ input: { echo: 6 } });
    await pool.close();
    expect(takeReleaseAsked()).toBe(true);
  });
});
