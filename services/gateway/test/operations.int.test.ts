import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFairly,
  collectRuntimeMetrics,
  type Heartbeat,
  type MetricsServer,
  openQueue,
  serveMetrics,
  startHeartbeat,
  startWorker,
} from '@hub/kit';
import { api, QUEUES } from '@hub/proto';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

let stack: TestStack;
let metricsServer: MetricsServer;
const heartbeats: Heartbeat[] = [];

beforeAll(async () => {
  // Every worker kind is required, as in production; the heartbeats below stand in for them.
  stack = await startTestStack({ HEALTH_REQUIRED_WORKERS: 'pdf-worker,quiz-worker,video-worker' });
  collectRuntimeMetrics('operations-test');
  metricsServer = await serveMetrics(0, '127.0.0.1');
  // The registry is the process's: files run before this one in the same vitest worker counted
  // too, so the tests below count from here.
  atStart = await scrape();
});

afterAll(async () => {
  await Promise.all(heartbeats.map((heartbeat) => heartbeat.stop()));
  await metricsServer?.close();
  await stack?.stop();
});

const connection = () => ({ url: stack.env.REDIS_URL!, prefix: stack.redisPrefix });

async function health() {
  // 503 while degraded, with the same body: read raw, then parsed by the route's schema.
  const { status, body } = await new ApiSession(stack.url).send(api.health);
  return { status, health: api.health.response.parse(body) };
}

let atStart: string;

async function scrape(): Promise<string> {
  return (await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`)).text();
}

describe(`${api.health.path} with workers and queues`, () => {
  it('answers 503 naming each required worker kind while none has a heartbeat', async () => {
    const { status, health: answer } = await health();
    expect(status).toBe(503);
    expect(answer.status).toBe('degraded');
    expect(answer.workers['pdf-worker']).toEqual({
      status: 'down',
      required: true,
      instances: 0,
      lastSeenAt: null,
    });
  });

  it('answers 200 once every kind beats, and 503 again when one stops cleanly', async () => {
    for (const kind of ['pdf-worker', 'quiz-worker', 'video-worker'])
      heartbeats.push(startHeartbeat(connection(), kind));
    await expect.poll(async () => (await health()).status).toBe(200);
    const { health: answer } = await health();
    expect(answer.workers['video-worker']).toMatchObject({ status: 'up', instances: 1 });

    await heartbeats.pop()!.stop();
    const after = await health();
    expect(after.status).toBe(503);
    expect(after.health.workers['video-worker']).toMatchObject({ status: 'down', instances: 0 });
    expect(after.health.workers['video-worker']!.lastSeenAt).toBeNull();
    heartbeats.push(startHeartbeat(connection(), 'video-worker'));
    await expect.poll(async () => (await health()).status).toBe(200);
  });

  it('reports each queue: waiting, failed, and the age of the oldest waiting job', async () => {
    const queue = openQueue<{ n: number }>(QUEUES.pdfProcessing, connection());
    const twoMinutesAgo = Date.now() - 120_000;
    await queue.add('old', { n: 1 }, { timestamp: twoMinutesAgo });
    await queue.add('new', { n: 2 });
    // Two jobs of organization 41 and one of 42, taken in turn (see the kit's fair-queue.ts).
    const videos = openQueue<{ organizationId: number }>(QUEUES.videoProbe, connection());
    for (const [jobId, organizationId] of [
      ['v1', 41],
      ['v2', 41],
      ['v3', 42],
    ] as const)
      await addFairly(videos, 'probe', { organizationId }, { jobId });
    const quiz = openQueue<{ n: number }>(QUEUES.quizGeneration, connection());
    await quiz.add('doomed', { n: 3 }, { attempts: 1 });
    const failing = startWorker(QUEUES.quizGeneration, connection(), () => {
      throw new Error('broken on purpose');
    });
    await expect
      .poll(async () => (await health()).health.queues[QUEUES.quizGeneration]?.failed)
      .toBe(1);
    await failing.close();

    const { status, health: answer } = await health();
    expect(status).toBe(200); // a backlog alone is not an outage
    expect(answer.queues[QUEUES.pdfProcessing]).toMatchObject({ waiting: 2, active: 0, failed: 0 });
    expect(answer.queues[QUEUES.pdfProcessing]!.oldestWaitingSeconds).toBeGreaterThanOrEqual(120);
    expect(answer.queues[QUEUES.videoAnalysis]).toEqual({
      waiting: 0,
      active: 0,
      failed: 0,
      delayed: 0,
      oldestWaitingSeconds: null,
      organizations: {},
    });
    expect(answer.queues[QUEUES.videoProbe]).toMatchObject({
      waiting: 3,
      oldestWaitingSeconds: expect.any(Number),
      organizations: {
        '41': { waiting: 2, active: 0, delayed: 0 },
        '42': { waiting: 1, active: 0, delayed: 0 },
      },
    });
    const text = await scrape();
    const gauge = 'hub_queue_organization_jobs';
    expect(
      sample(text, gauge, { queue: 'video-probe', organization: '41', state: 'waiting' }),
    ).toBe(2);
    expect(
      sample(text, gauge, { queue: 'video-probe', organization: '42', state: 'waiting' }),
    ).toBe(1);
    const jobs = [queue, quiz, videos];
    await Promise.all(jobs.map((each) => each.obliterate({ force: true })));
    await Promise.all(jobs.map((each) => each.close()));
  });
});

describe("the gateway's database session", () => {
  it('is named hub-gateway, which the restore sees as the product running', async () => {
    await health();
    // The restore's check (infra/backup/database.mjs, connectedServices): the sessions named
    // `hub-` and a service on this database, its own aside.
    const { rows } = await stack.sql.query<{ service: string }>(
      `SELECT DISTINCT substr(application_name, 5) AS service FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND left(application_name, 4) = 'hub-'`,
    );
    expect(rows.map((row) => row.service)).toContain('gateway');
  });
});

/** The value of the sample of `name` carrying every label given (any order, others allowed). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith(`${name}{`) &&
        Object.entries(labels).every(([label, value]) => candidate.includes(`${label}="${value}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('Prometheus metrics', () => {
  it('counts HTTP answers by route template and status, and RPCs by pattern and outcome', async () => {
    const http = 'hub_http_request_duration_seconds_count';
    const unauthorized = { route: api.video.path, status: '401' };
    const before = await scrape();
    await new ApiSession(stack.url).send(api.health);
    await new ApiSession(stack.url).send(api.video, { params: { id: 12345 } });
    const text = await scrape();
    const since = (from: string, name: string, labels: Record<string, string>) =>
      (sample(text, name, labels) ?? 0) - (sample(from, name, labels) ?? 0);
    // This file's health answers: 503 while a required worker had no heartbeat, 200 after.
    const health = { method: 'GET', route: api.health.path };
    expect(since(atStart, http, { ...health, status: '200' })).toBeGreaterThan(0);
    expect(since(atStart, http, { ...health, status: '503' })).toBeGreaterThan(0);
    // The template, not the raw path, so ids do not multiply the series.
    expect(since(before, http, unauthorized)).toBe(1);
    // In no label (a duration's sum may hold the digits: 0.0009123450 failed this once).
    expect(text).not.toMatch(/"[^"\n]*12345[^"\n]*"/);
    const rpc = 'hub_rpc_handled_duration_seconds_count';
    expect(
      since(atStart, rpc, { service: 'identity', pattern: 'identity.ping', outcome: 'ok' }),
    ).toBeGreaterThan(0);
  });

  it('exposes queue depth, job durations and failures per queue, event lag and runtime metrics', async () => {
    const queue = openQueue<{ n: number }>(QUEUES.faceEnrolment, connection());
    await queue.add('waiting', { n: 1 });
    const text = await scrape();
    expect(sample(text, 'hub_queue_jobs', { queue: 'face-enrolment', state: 'waiting' })).toBe(1);
    expect(sample(text, 'hub_queue_jobs', { queue: 'face-enrolment', state: 'failed' })).toBe(0);
    expect(
      sample(text, 'hub_queue_oldest_waiting_seconds', { queue: 'face-enrolment' }),
    ).toBeGreaterThanOrEqual(0);
    const failedQuizzes = (from: string) =>
      sample(from, 'hub_job_duration_seconds_count', {
        queue: 'quiz-generation',
        outcome: 'failed',
      }) ?? 0;
    // The job failed on purpose above.
    expect(failedQuizzes(text) - failedQuizzes(atStart)).toBe(1);
    // The services' consumer groups on the event stream.
    expect(sample(text, 'hub_event_consumer_lag', {})).toBeGreaterThanOrEqual(0);
    // A gauge over every stack this worker's files started: one entry set aside counts one more.
    const deadLetters = sample(text, 'hub_event_dead_letters', {}) ?? 0;
    await stack.redis.xadd(`${stack.redisPrefix}events:dead`, '*', 'group', 'operations-test');
    expect(sample(await scrape(), 'hub_event_dead_letters', {})).toBe(deadLetters + 1);
    expect(
      sample(text, 'nodejs_eventloop_lag_seconds', { process: 'operations-test' }),
    ).toBeGreaterThanOrEqual(0);
    expect(text).toContain('process_resident_memory_bytes');
    await queue.obliterate({ force: true });
    await queue.close();
  });
});
