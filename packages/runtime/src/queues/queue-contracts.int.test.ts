import { QUEUE_CONTRACTS, QUEUES, type PdfProcessingJob } from '@hub/proto';
import type { Job, Queue, Worker } from 'bullmq';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { claimTestResources, TEST_REDIS_URL } from '@hub/testing';
import { addFairly } from './fair-queue.js';
import { openQueue, startWorker } from './queues.js';

const job: PdfProcessingJob = {
  documentId: 7,
  organizationId: 1,
  sourceKey: 'source.pdf',
  outputPrefix: 'out/',
  run: 2,
};

describe('a queue opened with its contract', () => {
  const resources = claimTestResources();
  const connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
  const contract = QUEUE_CONTRACTS.pdfProcessing;
  const queues: Pick<Queue, 'obliterate' | 'close'>[] = [];
  let worker: Worker | undefined;

  afterEach(async () => {
    await worker?.close();
    for (const queue of queues.splice(0)) {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
  afterAll(() => resources.release());

  const open = <Q extends Pick<Queue, 'obliterate' | 'close'>>(queue: Q) => (
    queues.push(queue),
    queue
  );

  it('parses on add, names the job by its rule, and refuses other job names', async () => {
    const queue = open(openQueue(contract, connection));
    const added = await queue.add('process', { ...job, extra: true } as PdfProcessingJob);
    expect(added.id).toBe('doc-7-run-2');
    expect(added.data).toEqual(job);
    await expect(queue.add('process', { ...job, run: 'two' } as never)).rejects.toThrow(
      /Invalid pdf-processing job "process"/,
    );
    await expect(queue.add('generate', job)).rejects.toThrow(
      /pdf-processing has no job "generate"/,
    );
    expect(await queue.count()).toBe(1);
  });

  it('parses before a fair add takes a rank, and gives the job its id by the rule', async () => {
    const queue = open(openQueue(contract, connection));
    await expect(addFairly(queue, 'process', { ...job, sourceKey: 3 } as never)).rejects.toThrow(
      /Invalid pdf-processing job/,
    );
    const added = await addFairly(queue, 'process', job);
    expect(added.id).toBe('doc-7-run-2');
    expect(added.opts.priority).toBe(1);
  });

  it('hands the worker parsed data, and fails a bad payload once and for good', async () => {
    // A producer that bypasses the contract (an old release, a hand-made job).
    const raw = open(openQueue<unknown>(QUEUES.pdfProcessing, connection));
    const handled: unknown[] = [];
    const failed = new Promise<Job>((resolve) => {
      worker = startWorker(contract, connection, async ({ data }) => void handled.push(data));
      worker.on('failed', (failedJob) => failedJob && resolve(failedJob));
    });
    await raw.add('process', { ...job, documentId: 'seven' }, { attempts: 3 });
    const refused = await failed;
    expect(refused.attemptsMade).toBe(1);
    expect(refused.failedReason).toMatch(/^Invalid pdf-processing job "process": .*documentId/s);
    await raw.add('process', { ...job, extra: 1 }, { jobId: 'good' });
    await expect.poll(() => handled).toEqual([job]);
  });
});
