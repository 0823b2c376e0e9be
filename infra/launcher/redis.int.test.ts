import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureRedis } from './redis.mjs';
import { SupervisionReport } from './supervision.mjs';
import { freePort } from '@hub/testing';

const dataDir = mkdtempSync(join(tmpdir(), 'launcher-redis-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The launcher's own redis-server (nothing answers on the free port it is pointed at). */
async function embeddedRedis(report?: SupervisionReport) {
  const port = await freePort();
  const redis = await ensureRedis(`redis://127.0.0.1:${port}`, dataDir, () => undefined, {
    report,
  });
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

  it('is started again on the same port from its append-only file after a kill -9', async () => {
    const report = new SupervisionReport(join(dataDir, 'report.json'));
    const redis = await embeddedRedis(report);
    const client = new Redis(redis.url, { retryStrategy: () => 50, maxRetriesPerRequest: null });
    client.on('error', () => undefined);
    await client.set('hub:session:def', 'user 8');
    // appendfsync always: what was acknowledged is on disk, however soon the kill comes.
    const pid = report.processes.redis!.pid!;
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => report.processes.redis?.restarts, { timeout: 10_000 }).toBe(1);
    expect(await client.get('hub:session:def')).toBe('user 8');
    console.log(`[embedded redis] answering again ${Date.now() - killedAt} ms after kill -9`);
    expect(report.processes.redis).toMatchObject({
      state: 'running',
      lastExit: 'was ended by SIGKILL',
    });
    expect(report.processes.redis!.pid).not.toBe(pid);
    client.disconnect();
    await redis.stop();
    expect(report.processes.redis!.state).toBe('stopped');
  });
});
