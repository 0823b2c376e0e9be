import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from './ports.mjs';
import { ensureRedis } from './redis.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'launcher-redis-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The launcher's own redis-server (nothing answers on the free port it is pointed at). */
async function embeddedRedis() {
  const port = await findFreePort(36_379);
  const redis = await ensureRedis(`redis://127.0.0.1:${port}`, dataDir, () => undefined);
  expect(redis.embedded).toBe(true);
  return redis;
}

describe('the embedded Redis of npm start', () => {
  it('keeps queued jobs and sessions across a restart: append-only file in $DATA_DIR/redis', async () => {
    const first = await embeddedRedis();
    const client = new Redis(first.url, { lazyConnect: true });
    await client.connect();
    await client.rpush('hub:bull:pdf-processing:wait', 'job-1', 'job-2');
    await client.set('hub:session:abc', 'user 7');
    client.disconnect();
    await first.stop();
    expect(existsSync(join(dataDir, 'redis', 'appendonlydir'))).toBe(true);

    const second = await embeddedRedis();
    const again = new Redis(second.url, { lazyConnect: true });
    await again.connect();
    expect(await again.lrange('hub:bull:pdf-processing:wait', 0, -1)).toEqual(['job-1', 'job-2']);
    expect(await again.get('hub:session:abc')).toBe('user 7');
    again.disconnect();
    await second.stop();
  });
});
