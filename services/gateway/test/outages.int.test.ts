import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE } from '@hub/kit';
import { type Answer, SteadyLoad } from './outage-load.js';
import { freePort } from '@hub/testing';
import { CuttablePostgres, OwnRedis } from './outage-tools.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

/**
 * Redis restarted, then PostgreSQL cut off, under a steady mixed load (issue #16): while one is
 * down the API answers 503 with a message naming it (never 500, never a hang), it recovers
 * soon after it is back, and every write the client saw acknowledged is stored, its queued
 * processing done. Redis is a redis-server of this suite's own; PostgreSQL is reached through
 * a relay the suite cuts, so other suites sharing the machine see neither outage.
 */
/**
 * How long one stays down once the API has been seen refusing (three 503s, polled for): a
 * second of refusals more. The checks read every answer of the outage whatever its length.
 */
const OUTAGE_MS = 1_000;
/** A generous bound for CI; the issue asks for 5 s, the measured figure is printed. */
const RECOVERY_BOUND_MS = 15_000;

let redis: OwnRedis;
let postgres: CuttablePostgres;
let stack: TestStack;
let workers: RunningWorkers;
let load: SteadyLoad;
const figures: string[] = [];

beforeAll(async () => {
  redis = new OwnRedis(await freePort());
  await redis.start();
  postgres = new CuttablePostgres(await freePort());
  await postgres.open();
  stack = await startTestStack({ REDIS_URL: redis.url }, (url) => postgres.urlOf(url));
  workers = startDocumentWorkers(stack);
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  const ann = new ApiSession(stack.url);
  expect((await ann.login('ann@acme.test', 'Acme-Admin-1')).status).toBe(200);
  load = new SteadyLoad(stack.url, ann.cookie);
  load.start(2);
}, 120_000);

afterAll(async () => {
  console.log(`[outages] ${figures.join('; ')}`);
  await load?.stop();
  // Whatever failed above, both must be back for the stack to stop cleanly.
  redis?.resume();
  await redis?.start().catch(() => undefined);
  await postgres?.open().catch(() => undefined);
  await workers?.close();
  await stack?.stop();
  await redis?.remove();
  await postgres?.cut();
}, 120_000);

const succeeded = (answers: Answer[]) => answers.filter((answer) => answer.status < 300);
const refused = (answers: Answer[]) => answers.filter((answer) => answer.status === 503);

/** Takes one of them down under the load, brings it back, and checks what the client saw. */
async function outage(name: string, down: () => Promise<void>, up: () => Promise<void>) {
  const before = Date.now();
  await expect.poll(() => succeeded(load.since(before)).length).toBeGreaterThanOrEqual(5);
  const downAt = Date.now();
  await down();
  await expect.poll(() => refused(load.since(downAt)).length).toBeGreaterThanOrEqual(3);
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  await up();
  const upAt = Date.now();
  await expect
    .poll(
      () => load.since(upAt).find((answer) => answer.kind === 'folder' && answer.status < 300),
      {
        timeout: RECOVERY_BOUND_MS,
      },
    )
    .toBeTruthy();
  const recoveredAt = load.since(upAt).find((a) => a.kind === 'folder' && a.status < 300)!.at;
  const during = load.since(downAt).filter((answer) => answer.at <= recoveredAt);
  figures.push(
    `${name}: ${(upAt - downAt) / 1000} s down, ${during.length} answers (${refused(during).length} x 503, ` +
      `${succeeded(during).length} x 2xx), first write acknowledged ${recoveredAt - upAt} ms after it was back`,
  );
  return { during, recoveryMs: recoveredAt - upAt };
}

describe('an outage of Redis or PostgreSQL under a steady mixed load', () => {
  it('answers 503 naming Redis while it restarts, never 500 or a hang, and recovers', async () => {
    const { during, recoveryMs } = await outage(
      'Redis restart',
      () => redis.stop(),
      () => redis.start(),
    );
    const others = during.filter((answer) => answer.status >= 300 && answer.status !== 503);
    expect(others).toEqual([]);
    expect(refused(during).every((answer) => answer.message === REDIS_UNAVAILABLE)).toBe(true);
    expect(refused(during).every((answer) => answer.retryAfter === '5')).toBe(true);
    expect(recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);
  }, 90_000);

  it('answers 503 naming Redis within seconds while it hangs (SIGSTOP), and recovers', async () => {
    let stoppedAt = 0;
    const { during, recoveryMs } = await outage(
      'Redis hung',
      async () => {
        stoppedAt = Date.now();
        redis.pause();
      },
      async () => redis.resume(),
    );
    const firstRefusal = refused(during).find((answer) => answer.at >= stoppedAt)!;
    figures.push(
      `hung Redis answered as an outage ${firstRefusal.at - stoppedAt} ms after SIGSTOP`,
    );
    // A PING every second with a 1.5 s deadline: refused well before any RPC timeout.
    expect(firstRefusal.at - stoppedAt).toBeLessThan(RECOVERY_BOUND_MS);
    const others = during.filter((answer) => answer.status >= 300 && answer.status !== 503);
    expect(others).toEqual([]);
    expect(refused(during).every((answer) => answer.message === REDIS_UNAVAILABLE)).toBe(true);
    expect(recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);
  }, 90_000);

  it('answers 503 naming PostgreSQL while it is cut off, never 500 or a hang, and recovers', async () => {
    const { during, recoveryMs } = await outage(
      'PostgreSQL cut',
      () => postgres.cut(),
      () => postgres.open(),
    );
    const others = during.filter((answer) => answer.status >= 300 && answer.status !== 503);
    expect(others).toEqual([]);
    expect(refused(during).every((answer) => answer.message === DATABASE_UNAVAILABLE)).toBe(true);
    expect(recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);
  }, 90_000);

  it('lost no acknowledged write and finished the queued processing', async () => {
    await load.stop();
    const acknowledged = succeeded(load.answers);
    const folders = acknowledged.filter((answer) => answer.kind === 'folder');
    const { rows } = await stack.sql.query<{ name: string }>('SELECT name FROM library.folders');
    const stored = new Set(rows.map((row) => row.name));
    expect(folders.filter((answer) => !stored.has(String(answer.written)))).toEqual([]);

    const documents = acknowledged.filter((answer) => answer.kind === 'upload');
    expect(documents.length).toBeGreaterThan(0);
    const versions = await stack.sql.query<{ document_id: number; source_key: string }>(
      'SELECT document_id, source_key FROM library.document_versions WHERE document_id = ANY($1)',
      [documents.map((answer) => answer.written)],
    );
    expect(versions.rows.length).toBe(documents.length);
    for (const version of versions.rows) {
      expect(await stack.storage.stat(version.source_key)).not.toBeNull();
    }
    await expect
      .poll(
        async () => {
          const { rows: pending } = await stack.sql.query(
            `SELECT id, processing_error FROM library.documents WHERE id = ANY($1) AND NOT processed`,
            [documents.map((answer) => answer.written)],
          );
          return pending;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual([]);
    figures.push(
      `${folders.length} folders and ${documents.length} documents acknowledged, all stored and processed`,
    );
  }, 90_000);
});
