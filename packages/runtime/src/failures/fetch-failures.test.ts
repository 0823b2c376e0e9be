import { FAILURE_REASONS } from '@hub/proto/jobs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { networkCause } from './failure-causes.js';
import { keepingFetchFailures } from './fetch-failures.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that takes each connection and cuts it at once: fetch fails as the socket reset. */
async function cuttingServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** As @google/generative-ai does: fetch's error re-created with its message, its cause dropped. */
function likeTheSdk(url: string): Promise<Response> {
  return fetch(url).catch((error: Error) => {
    const sdkError = new Error(`Error fetching from ${url}: ${error.message}`);
    sdkError.stack = error.stack;
    return Promise.reject(sdkError);
  });
}

describe('the fetch failure behind a library error that dropped it', () => {
  it('is given back as its cause, so the socket says why', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1beta/models/m:generateContent`;
    const bare = await likeTheSdk(url).catch((error: unknown) => error);
    expect(networkCause(bare)).toBe(FAILURE_REASONS.network_failed);

    const kept = await keepingFetchFailures(() => likeTheSdk(url)).catch((error: unknown) => error);
    expect(kept).toBeInstanceOf(Error);
    expect((kept as Error).message).toBe((bare as Error).message);
    expect(networkCause(kept)).toBe(FAILURE_REASONS.network_refused);
  });

  it('is the failure of the fetch the error came from, not a later one of the same words', async () => {
    // The video analysis deletes its upload in a finally: that fetch may fail too, for another
    // reason, before the analysis's error leaves keepingFetchFailures.
    const { server, port } = await cuttingServer();
    try {
      const cut = `http://127.0.0.1:${port}/v1beta/models/m:generateContent`;
      const refused = `http://127.0.0.1:${await closedPort()}/v1beta/files/f`;
      const kept = await keepingFetchFailures(async () => {
        try {
          await likeTheSdk(cut);
        } finally {
          await fetch(refused).catch(() => undefined);
        }
      }).catch((error: unknown) => error);
      expect(networkCause(kept)).toBe(FAILURE_REASONS.network_reset);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('is not given to an error of another kind', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const other = new Error('The answer was not JSON.');
    const thrown = await keepingFetchFailures(async () => {
      await fetch(url).catch(() => undefined);
      throw other;
    }).catch((error: unknown) => error);
    expect(thrown).toBe(other);
    expect(other.cause).toBeUndefined();
  });

  it('leaves a call that succeeds as it is', async () => {
    await expect(keepingFetchFailures(async () => 'answer')).resolves.toBe('answer');
  });

  it('is kept still when something replaced fetch after the first call', async () => {
    await keepingFetchFailures(async () => 'installed');
    const url = `http://127.0.0.1:${await closedPort()}/v1beta/models/m:generateContent`;
    const refused = await fetch(url).catch((error: unknown) => error);
    const before = globalThis.fetch;
    // As a test double or an instrumentation library installs itself: a fetch of its own, which
    // does not go through the one there before.
    globalThis.fetch = () => Promise.reject(refused as Error);
    try {
      const kept = await keepingFetchFailures(() => likeTheSdk(url)).catch(
        (error: unknown) => error,
      );
      expect((kept as Error).cause).toBe(refused);
      expect(networkCause(kept)).toBe(FAILURE_REASONS.network_refused);
    } finally {
      globalThis.fetch = before;
    }
  });

  it('is kept still when a spy replaced fetch after the first call', async () => {
    // vi.spyOn copies the spied fetch's own properties (symbols too) onto the spy: the spy
    // must not pass for a fetch of ours for that.
    await keepingFetchFailures(async () => 'installed');
    const url = `http://127.0.0.1:${await closedPort()}/v1beta/models/m:generateContent`;
    const refused = await fetch(url).catch((error: unknown) => error);
    const before = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(refused);
    try {
      const kept = await keepingFetchFailures(() => likeTheSdk(url)).catch(
        (error: unknown) => error,
      );
      expect(spy).toHaveBeenCalled();
      expect((kept as Error).cause).toBe(refused);
      expect(networkCause(kept)).toBe(FAILURE_REASONS.network_refused);
    } finally {
      spy.mockRestore();
      globalThis.fetch = before;
    }
  });

  it("is kept still when a wrapper copying our fetch's properties replaced it", async () => {
    await keepingFetchFailures(async () => 'installed');
    const url = `http://127.0.0.1:${await closedPort()}/v1beta/models/m:generateContent`;
    const refused = await fetch(url).catch((error: unknown) => error);
    const before = globalThis.fetch;
    // As an instrumentation library may: a fetch of its own that carries over the replaced
    // one's own properties, and does not call it.
    const copying: typeof fetch = () => Promise.reject(refused as Error);
    for (const key of Reflect.ownKeys(before)) {
      if (key === 'length' || key === 'name' || key === 'prototype') continue;
      const descriptor = Object.getOwnPropertyDescriptor(before, key);
      if (descriptor) Object.defineProperty(copying, key, descriptor);
    }
    globalThis.fetch = copying;
    try {
      const kept = await keepingFetchFailures(() => likeTheSdk(url)).catch(
        (error: unknown) => error,
      );
      expect(globalThis.fetch).not.toBe(copying);
      expect((kept as Error).cause).toBe(refused);
      expect(networkCause(kept)).toBe(FAILURE_REASONS.network_refused);
    } finally {
      globalThis.fetch = before;
    }
  });

  /** How many of our fetches a call of the global fetch goes through, by the frames above the bottom one. */
  async function layersUnder(call: () => Promise<unknown>, bottom: { stack: string }) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 200;
    try {
      await keepingFetchFailures(call).catch(() => undefined);
    } finally {
      Error.stackTraceLimit = limit;
    }
    // Each of ours is a frame in this module's file (keepingFetchFailures itself aside).
    return bottom.stack
      .split('\n')
      .filter((line) => /[/\\]fetch-failures\.(ts|js):/.test(line))
      .filter((line) => !/\bkeepingFetchFailures\b/.test(line)).length;
  }

  it('is one layer however often fetch is replaced and put back', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1beta/models/m:generateContent`;
    const refused = await fetch(url).catch((error: unknown) => error);
    const original = globalThis.fetch;
    // The fetch under ours, noting the frames above it at each call.
    const bottom = { stack: '' };
    globalThis.fetch = () => {
      bottom.stack = new Error('called').stack ?? '';
      return Promise.reject(refused as Error);
    };
    try {
      await keepingFetchFailures(async () => 'installed');
      const installed = globalThis.fetch;
      for (let round = 1; round <= 3; round++) {
        // A test double put in and taken out again (as vi.stubGlobal does): the fetch put back
        // is ours already, and is not wrapped again.
        const before = globalThis.fetch;
        globalThis.fetch = () => Promise.reject(refused as Error);
        await keepingFetchFailures(async () => 'over the double');
        globalThis.fetch = before;
        await keepingFetchFailures(async () => 'put back');
        // Installed again over itself, nothing in between.
        await keepingFetchFailures(async () => 'again');
      }
      expect(await layersUnder(() => likeTheSdk(url), bottom)).toBe(1);
      expect(globalThis.fetch).toBe(installed);
      const kept = await keepingFetchFailures(() => likeTheSdk(url)).catch(
        (error: unknown) => error,
      );
      expect((kept as Error).cause).toBe(refused);

      // A fetch of another's that calls through to ours (an instrumentation) cannot be seen to
      // wrap ours: it is wrapped once, and that wrapper is ours, never wrapped again.
      globalThis.fetch = (input, init) => installed(input, init);
      await keepingFetchFailures(async () => 'over a wrapper of ours');
      const over = globalThis.fetch;
      for (let round = 1; round <= 3; round++) {
        await keepingFetchFailures(async () => 'again');
      }
      expect(globalThis.fetch).toBe(over);
      expect(await layersUnder(() => likeTheSdk(url), bottom)).toBe(2);
      const noted = await keepingFetchFailures(() => likeTheSdk(url)).catch(
        (error: unknown) => error,
      );
      expect((noted as Error).cause).toBe(refused);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('is kept by one copy of this module in the fetch another copy installed', async () => {
    // Two copies in one process (a build's and a source's): each takes the other's fetch for
    // its own, and neither wraps it.
    // A second copy of this module: the same file under another name (its own query), which
    // keeps the `.ts` ending the transform looks for.
    const copy = './fetch-failures.ts?another-copy.ts';
    const other = (await import(copy)) as typeof import('./fetch-failures.js');
    expect(other.keepingFetchFailures).not.toBe(keepingFetchFailures);
    const url = `http://127.0.0.1:${await closedPort()}/v1beta/models/m:generateContent`;
    const original = globalThis.fetch;
    try {
      await keepingFetchFailures(async () => 'installed');
      const installed = globalThis.fetch;
      const byTheOther = await other
        .keepingFetchFailures(() => likeTheSdk(url))
        .catch((error: unknown) => error);
      expect(globalThis.fetch).toBe(installed);
      expect(networkCause(byTheOther)).toBe(FAILURE_REASONS.network_refused);
      const byThisOne = await keepingFetchFailures(() => likeTheSdk(url)).catch(
        (error: unknown) => error,
      );
      expect(globalThis.fetch).toBe(installed);
      expect(networkCause(byThisOne)).toBe(FAILURE_REASONS.network_refused);
    } finally {
      globalThis.fetch = original;
    }
  });
});
