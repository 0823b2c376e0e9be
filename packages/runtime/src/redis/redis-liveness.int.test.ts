import { createServer, type AddressInfo, type Server } from 'node:net';
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

/**
 * A Redis that takes connections and the client's set-up (CLIENT, INFO) but answers no PING
 * while `hung` says so, as one stopped with SIGSTOP after connecting does.
 */
async function hangingRedis(state: {
  hung: boolean;
}): Promise<{ server: Server; url: string; resume: () => void }> {
  // PINGs held while hung, answered in order on resuming, as a Redis continued with SIGCONT does.
  const held: (() => void)[] = [];
  const server = createServer((socket) => {
    let pending = '';
    socket.on('data', (data) => {
      pending += data.toString('latin1');
      // Commands come as RESP arrays of bulk strings: *<n>\r\n($<len>\r\n<arg>\r\n)*n.
      for (;;) {
        const lines = pending.split('\r\n');
        const count = Number(lines[0]?.slice(1));
        if (!lines[0]?.startsWith('*') || lines.length < 2 + count * 2) return;
        const name = lines[2]!.toUpperCase();
        pending = lines.slice(1 + count * 2).join('\r\n');
        if (name === 'INFO') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        } else if (name !== 'PING') socket.write('+OK\r\n');
        else if (state.hung || held.length > 0) held.push(() => socket.write('+PONG\r\n'));
        else socket.write('+PONG\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const resume = () => {
    state.hung = false;
    for (const answer of held.splice(0)) answer();
  };
  return { server, url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`, resume };
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
      deadlineMs: 500,
    });
    await sleep(300);
    expect(liveness.answering).toBe(true);
  });

  it('takes a Redis that answers no PING for hung, and answering again once it does', async () => {
    const state = { hung: false };
    const { server, url, resume } = await hangingRedis(state);
    try {
      let hungCalls = 0;
      // A deadline no answer of a local server misses on a loaded machine but a held PING.
      liveness = new RedisLiveness(url, 'liveness-test', { intervalMs: 20, deadlineMs: 500 });
      liveness.onHung(() => hungCalls++);
      await vi.waitFor(() => expect(liveness!.answering).toBe(true), { timeout: 5_000 });
      state.hung = true;
      await vi.waitFor(() => expect(liveness!.answering).toBe(false), { timeout: 5_000 });
      expect(hungCalls).toBe(1);
      resume();
      await vi.waitFor(() => expect(liveness!.answering).toBe(true), { timeout: 5_000 });
    } finally {
      liveness?.close();
      liveness = undefined;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('does not take its own process holding the event loop past the deadline for a hung Redis', async () => {
    // Each PING sent is followed by the loop held for three deadlines, in the check phase: after
    // the PING is written and before its answer is read, as work of the same process does.
    let held = 0;
    const ping = Redis.prototype.ping as (this: Redis) => Promise<'PONG'>;
    vi.spyOn(Redis.prototype, 'ping').mockImplementation(function (this: Redis) {
      const sent = ping.call(this);
      if (held < 2) {
        setImmediate(() => {
          holdEventLoop(1_500);
          held++;
        });
      }
      return sent;
    } as typeof Redis.prototype.ping);
    liveness = new RedisLiveness(TEST_REDIS_URL, 'liveness-test', {
      intervalMs: 50,
      deadlineMs: 500,
    });
    const seen: boolean[] = [];
    await vi.waitFor(
      () => {
        seen.push(liveness!.answering);
        expect(held).toBe(2);
      },
      { timeout: 15_000, interval: 20 },
    );
    await sleep(600);
    seen.push(liveness.answering);
    expect(seen.every(Boolean)).toBe(true);
  });
});
