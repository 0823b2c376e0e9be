import { FAILURE_REASONS } from '@hub/proto/jobs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
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
});
