import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage, openQueue, STALLED_TOO_OFTEN } from '@hub/runtime';
import { claimTestResources, TEST_REDIS_URL } from '@hub/testing';
import { LibraryInboxMessage, QUEUES, type PdfProcessingJob } from '@hub/proto';
import type { Job, Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POISON_REASON } from './failures.ts';
import { endlessTextPdf } from './test-support/hostile-pdf.ts';
import { structuredSopPdf } from './test-support/sop-pdf.ts';
import { until } from './test-support/until.ts';
import { startPdfWorker } from './test-support/worker-process.ts';

/** The built worker, as the launcher, compose and Kubernetes run it. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a job during which the pdf worker process dies twice', () => {
  const resources = claimTestResources();
  const connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
  const dataDir = mkdtempSync(join(tmpdir(), 'pdf-poison-'));
  const storage = new LocalDiskStorage(join(dataDir, 'objects'));
  const children: ChildProcess[] = [];
  let jobs: Queue<PdfProcessingJob>;
  let inbox: Queue<LibraryInboxMessage>;

  /**
   * A worker process as deployed, but noticing a dead process within a few seconds. The lock is
   * long enough that a living process starved of CPU (two cores, shared) still renews it in time.
   */
  const startWorkerProcess = () =>
    startPdfWorker(
      {
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: resources.redisPrefix,
        DATA_DIR: dataDir,
        OCR_ENABLED: 'false',
        PDF_CONCURRENCY: '1',
        PDF_MEMORY_LIMIT_MB: '256',
        PDF_JOB_TIMEOUT_MS: '120000',
        JOB_LOCK_MS: '5000',
        // Looking often costs a living process nothing (its job is taken only once its lock has
        // expired); a dead one's job runs again within a quarter second of that, not a second.
        JOB_STALL_CHECK_MS: '250',
      },
      children,
    );

  /**
   * Once the queue's workers have looked for stalled jobs `count` times from now: each look marks
   * itself in Redis with its time (BullMQ's stalled-check key, kept for the interval so that one
   * worker at a time looks), so each new time read is one more look done.
   */
  async function stallChecks(count: number) {
    const client = await jobs.getBackend().client;
    const key = jobs.toKey('stalled-check');
    const underWay = await client.get(key);
    const seen = new Set<string>();
    await until(`${count} stall checks`, async () => {
      const at = await client.get(key);
      if (at !== null && at !== underWay) seen.add(at);
      return seen.size >= count ? true : undefined;
    });
  }

  async function killWhenRunning(child: ChildProcess, job: Job, stalls: number) {
    await until(`job ${job.id} running after ${stalls} stalls`, async () => {
      const current = await jobs.getJob(job.id!);
      const running = (await current?.getState()) === 'active';
      // At least: a living process starved of CPU may miss a renewal, which counts as a stall too.
      return running && (current?.stalledCounter ?? 0) >= stalls ? true : undefined;
    });
    // Let the extraction thread get going, so the process dies in the middle of the document.
    await sleep(300);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  const jobData = (documentId: number): PdfProcessingJob => ({
    documentId,
    organizationId: 1,
    sourceKey: `org/1/uploads/${documentId}.pdf`,
    outputPrefix: `org/1/docs/${documentId}/`,
    run: 1,
  });

  beforeAll(async () => {
    // About ten seconds of reading before the thread's heap runs out: time enough to kill it.
    await storage.put('org/1/uploads/1.pdf', endlessTextPdf(1_000_000), 'application/pdf');
    await storage.put('org/1/uploads/2.pdf', Buffer.from(await structuredSopPdf()), 'x');
    jobs = openQueue<PdfProcessingJob>(QUEUES.pdfProcessing, connection);
    inbox = openQueue<LibraryInboxMessage>(QUEUES.libraryInbox, connection);
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all([jobs?.close(), inbox?.close()]);
    await resources.release().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails for good with a reason the library shows, and the next job is processed', async () => {
    const started = Date.now();
    const hostile = await jobs.add('process', jobData(1), { attempts: 3 });
    const good = await jobs.add('process', jobData(2), { attempts: 3 });

    await killWhenRunning(await startWorkerProcess(), hostile, 0);
    await killWhenRunning(await startWorkerProcess(), hostile, 1);
    const survivor = await startWorkerProcess();

    // The state first, then the job: a job read before its move to failed has no reason yet.
    const failed = await until('the hostile job failed', async () =>
      (await jobs.getJobState(hostile.id!)) === 'failed' ? jobs.getJob(hostile.id!) : undefined,
    );
    // The handler's refusal, or BullMQ's own when one more stall came first: either way the
    // reason the library shows is the readable one (below).
    expect([POISON_REASON, STALLED_TOO_OFTEN]).toContain(failed!.failedReason);
    expect(failed!.stalledCounter).toBeGreaterThanOrEqual(2);
    // The dead-letter view (the dashboard's Failed list) holds it.
    expect((await jobs.getFailed()).map((job) => job.id)).toContain(hostile.id);

    await until('the good job completed', async () =>
      (await (await jobs.getJob(good.id!))?.getState()) === 'completed' ? true : undefined,
    );
    const inboxMessages = async () =>
      (await inbox.getJobs(['waiting', 'prioritized'], 0, -1)).map((job) =>
        LibraryInboxMessage.parse(job.data),
      );
    const poisonReport = {
      kind: 'pdf.failed',
      documentId: 1,
      run: 1,
      reason: 'Processing stopped the PDF worker twice; the file may be damaged or hostile.',
    };
    // Reported as the job fails, or just after when BullMQ failed it (its 'failed' listener).
    await until('the failure reported to the library', async () =>
      (await inboxMessages()).some(
        (message) => JSON.stringify(message) === JSON.stringify(poisonReport),
      )
        ? true
        : undefined,
    );
    const messages = await inboxMessages();
    expect(messages.find((message) => message.documentId === 2)?.kind).not.toBe('pdf.failed');
    expect(messages.some((m) => m.documentId === 2 && m.kind === 'pdf.processed')).toBe(true);

    // Never run again: it stays failed through several stall checks of a living worker.
    await stallChecks(3);
    expect(await (await jobs.getJob(hostile.id!))?.getState()).toBe('failed');
    expect(survivor.exitCode).toBeNull();
    console.log(`[poison] killed twice, failed and reported in ${Date.now() - started} ms`);
  }, 400_000);
});
