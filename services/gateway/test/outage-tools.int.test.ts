import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@hub/testing';
import { OwnRedis } from './outage-tools.js';

/**
 * The outage suites stop their Redis, PostgreSQL relay and S3 and start them again on the same
 * port. Once, in a whole integration run, the restarted Redis found its port taken and the test
 * went on against whatever answered there: the hung Redis was never refused.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('outage tools', () => {
  it('start a Redis only when it is theirs that answers, not another server on the port', async () => {
    const port = await freePort();
    const squatter = createServer((socket) => socket.destroy());
    squatter.listen(port, '127.0.0.1');
    await once(squatter, 'listening');
    cleanups.push(() => new Promise((resolve) => squatter.close(resolve)));
    const redis = new OwnRedis(port);
    cleanups.push(() => redis.remove());
    await expect(redis.start(1_500)).rejects.toThrow(`did not answer on ${port}`);
  });

  it('start and restart their own Redis on the same port', async () => {
    const redis = new OwnRedis(await freePort());
    cleanups.push(() => redis.remove());
    await redis.start();
    await redis.stop();
    await redis.start();
  });
});
