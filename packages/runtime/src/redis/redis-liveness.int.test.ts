import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_REDIS_URL } from '@hub/testing';
import { RedisLiveness } from './redis-liveness.js';

/** Holds this process's event loop, as a face analysis or a large JSON parse in the gateway's process does. */
function holdEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: nothing else of this process runs meanwhile
  }
}

let liveness: RedisLiveness | undefined;
afterEach(() => {
  liveness?.close();
  vi.restoreAllMocks();
});

describe('RedisLiveness', () => {
  it('answers while Redis answers', async () => {
    liveness = new RedisLiveness(TEST_REDIS_URL, 'liveness-test', {
      intervalMs: 20,
      deadlineMs: 200,
    });
    await sleep(300);
    expect(liveness.answering).toBe(true);
  });

  it('does not take its own process holding the event loop past the deadline for a hung Redis', async () => {
    // Each PING sent is followed by the loop held for three deadlines, in the check phase: after
    // the PING is written and before its answer is read, as work of the same process does.
    let held = 0;
    const ping = Redis.prototype.ping as (this: Redis) => Promise<'PONG'>;
    vi.spyOn(Redis.prototype, 'ping').mockImplementation(function (this: Redis) {
      const sent = ping.call(this);
      if (held < 4) {
        setImmediate(() => {
          holdEventLoop(600);
          held++;
        });
      }
      return sent;
    } as typeof Redis.prototype.ping);
    liveness = new RedisLiveness(TEST_REDIS_URL, 'liveness-test', {
      intervalMs: 50,
      deadlineMs: 200,
    });
    const seen: boolean[] = [];
    await vi.waitFor(
      () => {
        seen.push(liveness!.answering);
        expect(held).toBe(4);
      },
      { timeout: 15_000, interval: 20 },
    );
    await sleep(300);
    seen.push(liveness.answering);
    expect(seen.every(Boolean)).toBe(true);
  });
});
