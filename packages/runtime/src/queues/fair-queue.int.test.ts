import type { Job, Queue, Worker } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { addFairly, fairKeys, readOrganizationBacklog, redisOf } from './fair-queue.js';
import { openQueue, startWorker, type QueueConnection } from './queues.js';
import { readQueueStats } from './queue-stats.js';

interface TestJob {
  organizationId: number;
  label: string;
}

let resources: TestResources;
let connection: QueueConnection;
const open: (Queue | Worker)[] = [];
let queues = 0;

beforeAll(() => {
  resources = claimTestResources();
  connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((each) => each.close()));
});

afterAll(async () => {
  await resources?.release();
});

/** A queue of its own per test. */
function newQueue(): Queue<TestJob> {
  queues += 1;
  const queue = openQueue<TestJob>(`fair-test-${queues}`, connection);
  open.push(queue);
  return queue;
}

type Enqueue = (queue: Queue<TestJob>, job: TestJob) => Promise<unknown>;
const fairly: Enqueue = (queue, job) => addFairly(queue, 'work', job, { jobId: job.label });
const plainly: Enqueue = (queue, job) => queue.add('work', job, { jobId: job.label });

/** Runs jobs on one worker until `expected` completed; answers the labels in the order they ran. */
function work(
  queue: Queue<TestJob>,
  expected: number,
  handle: (job: Job<TestJob>) => Promise<void> = async () => {},
  onStart: (label: string) => void = () => {},
): Promise<string[]> {
  const order: string[] = [];
  let completed = 0;
  return new Promise((resolve, reject) => {
    const worker = startWorker<TestJob, void>(queue.name, connection, async (job) => {
      order.push(job.data.label);
      onStart(job.data.label);
      await handle(job);
    });
    open.push(worker);
    worker.on('failed', (_job, error) => {
      if (!/on purpose/.test(error.message)) reject(error);
    });
    worker.on('completed', () => {
      completed += 1;
      if (completed === expected) resolve(order);
    });
  });
}

const jobs = (organizationId: number, letter: string, count: number): TestJob[] =>
  Array.from({ length: count }, (_, index) => ({ organizationId, label: `${letter}${index + 1}` }));

/** A backlog of A (6 jobs), then B (3), then C (1), all queued before any worker runs. */
async function orderOfBacklog(enqueue: Enqueue): Promise<string[]> {
  const queue = newQueue();
  for (const job of [...jobs(1, 'A', 6), ...jobs(2, 'B', 3), ...jobs(3, 'C', 1)])
    await enqueue(queue, job);
  return work(queue, 10);
}

/** Round-robin: the organization queued last (C) has its job among the first three taken. */
const servesEveryOrganizationEarly = (order: string[]) => order.indexOf('C1') < 3;

describe('fair queues (one BullMQ queue shared by organizations)', () => {
  it('takes the organizations in turn, and the same check fails on a plain FIFO queue', async () => {
    const fair = await orderOfBacklog(fairly);
    expect(fair).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3', 'B3', 'A4', 'A5', 'A6']);
    expect(servesEveryOrganizationEarly(fair)).toBe(true);

    const fifo = await orderOfBacklog(plainly);
    expect(fifo).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'B1', 'B2', 'B3', 'C1']);
    expect(servesEveryOrganizationEarly(fifo)).toBe(false);
  });

  it('gives adds of one organization at the same moment ranks of their own', async () => {
    const queue = newQueue();
    await Promise.all(jobs(1, 'A', 6).map((job) => fairly(queue, job)));
    await fairly(queue, { organizationId: 2, label: 'B1' });
    const order = await work(queue, 7);
    // Tied ranks would put several of A's jobs before B's.
    expect(order.indexOf('B1')).toBe(1);
  });

  it('runs a late organization next, then alternates, keeping each organization in order', async () => {
    const queue = newQueue();
    for (const job of jobs(1, 'A', 8)) await fairly(queue, job);
    // B comes while A2 runs (A1 done): one job, then three more while its first runs. Those
    // jobs end only once B's are queued, whatever the machine's speed.
    let lateQueued: Promise<unknown> = Promise.resolve();
    const order = await work(
      queue,
      12,
      () => lateQueued.then(() => undefined),
      (label) => {
        if (label === 'A2') lateQueued = fairly(queue, { organizationId: 2, label: 'B1' });
        if (label === 'B1')
          lateQueued = (async () => {
            for (const job of jobs(2, 'B', 4).slice(1)) await fairly(queue, job);
          })();
      },
    );
    expect(order).toEqual(['A1', 'A2', 'B1', 'A3', 'B2', 'A4', 'B3', 'A5', 'B4', 'A6', 'A7', 'A8']);
  });

  it('counts each organization’s backlog from the queue itself, without drift', async () => {
    const queue = newQueue();
    // Retried 50 ms after a failed attempt.
    const backoff = { type: 'fixed', delay: 50 };
    for (const job of [...jobs(7, 'A', 3), ...jobs(9, 'B', 1)])
      await addFairly(queue, 'work', job, { jobId: job.label, backoff });
    // A second add of the same job id is BullMQ's no-op, and counts once.
    await fairly(queue, { organizationId: 7, label: 'A1' });
    expect(await readOrganizationBacklog(queue)).toEqual(
      new Map([
        [7, { waiting: 3, active: 0, delayed: 0, oldestEnqueuedAt: expect.any(Number) }],
        [9, { waiting: 1, active: 0, delayed: 0, oldestEnqueuedAt: expect.any(Number) }],
      ]),
    );
    // A cancelled job, and an index entry whose job never was, are not counted.
    await (await queue.getJob('A3'))!.remove();
    const redis = await redisOf(queue);
    await redis.zadd(fairKeys(queue).of(7), 1, 'never-added');
    expect((await readOrganizationBacklog(queue)).get(7)).toMatchObject({ waiting: 2 });
    const stats = await readQueueStats(queue);
    expect(stats).toMatchObject({ waiting: 3, active: 0 });
    expect(stats.organizations).toEqual({
      '7': { waiting: 2, active: 0, delayed: 0 },
      '9': { waiting: 1, active: 0, delayed: 0 },
    });
    expect(stats.oldestWaitingSeconds).not.toBeNull();

    // A job that fails once is retried at its rank and counted until it ends.
    let failures = 0;
    const done = await work(queue, 3, async (job) => {
      if (job.data.label === 'A1' && failures++ === 0) throw new Error('fails on purpose');
    });
    expect(done.slice(0, 2)).toEqual(['A1', 'B1']);
    await expect.poll(async () => (await readOrganizationBacklog(queue)).size).toBe(0);
    expect(await redis.exists(fairKeys(queue).organizations, fairKeys(queue).of(7))).toBe(0);
  });
});
