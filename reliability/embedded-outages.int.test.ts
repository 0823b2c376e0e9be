import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@hub/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_UNAVAILABLE, DATABASE_UNAVAILABLE } from '@hub/kit';
import { Api, createOrganization, createPeople, waitFor } from '../e2e/records.js';
import { type Answer, SteadyLoad } from '../services/gateway/test/outage-load.js';
import { writeFigures } from './figures.js';
import { launchStack, type LaunchedStack } from './launched-stack.js';

/**
 * `npm start` on a machine with no PostgreSQL or Redis of its own: the launcher runs embedded
 * ones, and supervises them like every other part. Under a steady mixed load (folders written
 * and listed, PDFs uploaded and processed), Redis is killed with SIGKILL, then PostgreSQL: while
 * one is away the API answers 503 naming it; the launcher starts it again (Redis from its
 * append-only file, PostgreSQL from its WAL); every route answers again by itself; no
 * acknowledged write is lost, no job lost or run twice, and no other process is restarted.
 */
const PASSWORD = 'Reliability-Outage-Pass-1!';

let stack: LaunchedStack;
let dataDir: string;
let load: SteadyLoad;
let databaseUrl: string;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  // Nothing answers on these ports: the launcher starts its own PostgreSQL and Redis there.
  const postgresPort = await freePort();
  const redisPort = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'reliability-embedded-'));
  // As root, PostgreSQL runs as the postgres user, which must reach its data folder.
  chmodSync(dataDir, 0o755);
  stack = await launchStack({
    DATABASE_URL: `postgres://postgres@127.0.0.1:${postgresPort}/hub`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    DATA_DIR: dataDir,
  });
  expect(stack.tail()).toContain(`embedded PostgreSQL on 127.0.0.1:${postgresPort}`);
  expect(stack.tail()).toContain(`redis-server on 127.0.0.1:${redisPort}`);
  databaseUrl = `postgres://postgres:postgres@127.0.0.1:${postgresPort}/hub`;
  const organizationId = await createOrganization(stack, 'Outage Works', 'outage-works.test');
  const person = { name: 'Ann Admin', email: 'ann@outage-works.test', role: 'admin' };
  // People go straight into the embedded PostgreSQL, not the test database the stack claimed.
  const embedded = { ...stack, resources: { ...stack.resources, databaseUrl } };
  await createPeople(embedded, organizationId, { person }, PASSWORD);
  const ann = await new Api(stack).login(person.email, PASSWORD);
  load = new SteadyLoad(stack.url, ann.cookie);
  load.start(2);
}, 600_000);

afterAll(async () => {
  await load?.stop();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  writeFigures('embedded-outages', figures);
}, 180_000);

const succeeded = (answers: Answer[]) => answers.filter((answer) => answer.status < 300);
const KINDS: Answer['kind'][] = ['folder', 'list', 'upload'];

/**
 * Kills `part` with SIGKILL under the load; answers how long until each kind of request was
 * acknowledged again, and what the client saw meanwhile.
 */
async function kill(part: 'redis' | 'postgres', restarts: number) {
  const before = Date.now();
  await expect.poll(() => succeeded(load.since(before)).length).toBeGreaterThanOrEqual(5);
  const pid = stack.pids.get(part)!;
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  await stack.restarted(part, restarts, 60_000);
  const restartedMs = Date.now() - killedAt;
  const backAt = new Map<Answer['kind'], number>();
  await waitFor(async () => {
    for (const answer of succeeded(load.since(killedAt + restartedMs))) {
      if (!backAt.has(answer.kind)) backAt.set(answer.kind, answer.at - killedAt);
    }
    return KINDS.every((kind) => backAt.has(kind));
  }, 120_000);
  const everyRouteMs = Math.max(...backAt.values());
  const during = load.since(killedAt).filter((answer) => answer.at <= killedAt + everyRouteMs);
  figures[part] = {
    restartedMs,
    everyRouteAnsweringMs: everyRouteMs,
    answers: during.length,
    refused503: during.filter((answer) => answer.status === 503).length,
    other: during.filter((answer) => answer.status >= 300 && answer.status !== 503).length,
  };
  return during;
}

describe('kill -9 of the embedded Redis, then PostgreSQL, under a steady mixed load', () => {
  it('answers 503 naming Redis while it is away and every route again once it is back', async () => {
    const during = await kill('redis', 1);
    const refused = during.filter((answer) => answer.status === 503);
    expect(refused.every((answer) => answer.message === REDIS_UNAVAILABLE)).toBe(true);
    // An upload in flight as Redis went may end otherwise (its stream cut); nothing hangs.
    expect(during.filter((answer) => answer.status === 0)).toEqual([]);
    expect(during.filter((answer) => answer.status === 500)).toEqual([]);
  }, 240_000);

  it('answers 503 naming PostgreSQL while it recovers and every route again once it is back', async () => {
    const during = await kill('postgres', 1);
    const refused = during.filter((answer) => answer.status === 503);
    expect(
      refused.every((answer) => [DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE].includes(answer.message)),
    ).toBe(true);
    expect(during.filter((answer) => answer.status === 0)).toEqual([]);
    expect(
      during.filter((answer) => answer.status === 500),
      stack.tail(),
    ).toEqual([]);
  }, 240_000);

  it('lost no acknowledged write, lost or repeated no job, and restarted nothing else', async () => {
    await load.stop();
    expect([...stack.restarts.keys()].sort()).toEqual(['postgres', 'redis']);
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      const acknowledged = succeeded(load.answers);
      const folders = acknowledged.filter((answer) => answer.kind === 'folder');
      const { rows } = await sql.query<{ name: string }>('SELECT name FROM library.folders');
      const stored = new Set(rows.map((row) => row.name));
      expect(folders.filter((answer) => !stored.has(String(answer.written)))).toEqual([]);
      const documents = acknowledged
        .filter((answer) => answer.kind === 'upload')
        .map((answer) => Number(answer.written));
      expect(documents.length).toBeGreaterThan(0);
      const processed = async () =>
        (
          await sql.query<{ id: number; processed: boolean; runs: number }>(
            `SELECT id, processed, processing_run AS runs FROM library.documents WHERE id = ANY($1)`,
            [documents],
          )
        ).rows;
      // A job whose worker lost Redis mid-run waits for its lock to run out, then runs again.
      await waitFor(async () => (await processed()).every((row) => row.processed), 300_000);
      const rowsAfter = await processed();
      expect(rowsAfter).toHaveLength(documents.length);
      expect(rowsAfter.filter((row) => row.runs !== 1)).toEqual([]);
      const notices = await sql.query<{ message: string; count: string }>(
        `SELECT message, count(*) FROM identity.notifications
          WHERE title = 'Document processed' GROUP BY message HAVING count(*) > 1`,
      );
      expect(notices.rows).toEqual([]);
      figures.acknowledged = { folders: folders.length, documents: documents.length };
    } finally {
      await sql.end();
    }
  }, 400_000);
});
