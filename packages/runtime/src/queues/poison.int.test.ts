import { Redis } from 'ioredis';
import type { Job, Queue, Worker } from 'bullmq';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { claimTestResources, TEST_REDIS_URL } from '@hub/testing';
import { bullPrefix, openQueue, startWorker, STALLED_TOO_OFTEN } from './queues.js';

const REASON = 'Processing stopped the worker twice.';

describe('a poison policy on a worker', () => {
  const resources = claimTestResources();
  const connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
  const redis = new Redis(TEST_REDIS_URL);
  let queue: Queue<{ n: number }>;
  let worker: Worker<{ n: number }, string> | undefined;

  afterEach(async () => {
    await worker?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
  });
  afterAll(async () => {
    redis.disconnect();
    await resources.release();
  });

  /** Adds a job as a dead process leaves it: stalled `stalls` times, or failed by BullMQ. */
  async function addJob(name: string, fields: Record<string, string>) {
    queue = openQueue<{ n: number }>(name, connection);
    const job = await queue.add('job', { n: 1 });
    await redis.hset(`${bullPrefix(connection.prefix)}:${name}:${job.id}`, fields);
    return job;
  }

  async function run(name: string) {
    const handled: number[] = [];
    const reported: string[] = [];
    const failed = new Promise<Job>((resolve) => {
      worker = startWorker<{ n: number }, string>(
        name,
        connection,
        async (job) => {
          handled.push(job.data.n);
          return 'done';
        },
        {
          poison: {
            reason: REASON,
            report: async (job, reason) => void reported.push(`${job.id}: ${reason}`),
          },
        },
      );
      worker.on('failed', (job) => job && resolve(job));
    });
    const job = await failed;
    // The 'failed' listener of the kit reports after this one has run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { job, handled, reported };
  }

  it('refuses a job that stalled twice, without running it, and reports it', async () => {
    const added = await addJob('twice', { stc: '2' });
    const { job, handled, reported } = await run('twice');
    expect(handled).toEqual([]);
    expect(job.failedReason).toBe(REASON);
    expect(reported).toEqual([`${added.id}: ${REASON}`]);
    expect(await queue.getJobCounts('failed', 'wait', 'delayed')).toEqual({
      failed: 1,
      wait: 0,
      delayed: 0,
    });
  });

  it('reports a job BullMQ failed for stalling once more while it was being reported', async () => {
    const added = await addJob('thrice', { stc: '3', defa: STALLED_TOO_OFTEN });
    const { job, handled, reported } = await run('thrice');
    expect(handled).toEqual([]);
    expect(job.failedReason).toBe(STALLED_TOO_OFTEN);
    expect(reported).toEqual([`${added.id}: ${REASON}`]);
  });

  it('runs a job that stalled once', async () => {
    await addJob('once', { stc: '1' });
    const handled: number[] = [];
    worker = startWorker<{ n: number }, string>(
      'once',
      connection,
      async (job) => {
        handled.push(job.data.n);
        return 'done';
      },
      { poison: { reason: REASON, report: async () => undefined } },
    );
    const completed = new Promise((resolve) => worker!.on('completed', resolve));
    await completed;
    expect(handled).toEqual([1]);
  });
});
