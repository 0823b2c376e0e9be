import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalDiskStorage, openQueue, startWorker } from '@hub/runtime';
import { claimTestResources, TEST_REDIS_URL } from '@hub/testing';
import { LibraryInboxMessage, QUEUES } from '@hub/proto';
import type { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextRecognizer } from './ocr/text-recognizer.ts';
import type { PdfJob } from './pages/page-jobs.ts';
import { createPdfJobHandler, type PdfJobOutcome } from './pdf-worker.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = join(repoRoot, '../shared/fixtures/pdfs');
const files = readdirSync(fixtures)
  .filter((name) => name.endsWith('.pdf'))
  .sort();

/**
 * Until the queue holds no job: no deadline of its own, as the 70 documents' time is the
 * machine's (172 s for the whole test beside two other files at load 10-20, 2 Dec, where a 170 s
 * deadline left 7 of them unfinished); the test's timeout below is only a backstop.
 */
async function allFinished(queue: Queue): Promise<void> {
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    if (Object.values(counts).every((count) => count === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('every fixture PDF through the real worker and queues', () => {
  const resources = claimTestResources();
  const connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
  const folder = mkdtempSync(join(tmpdir(), 'pdf-fixtures-'));
  const recognizer = new TextRecognizer();
  let jobs: Queue<PdfJob>;
  let inbox: Queue<LibraryInboxMessage>;
  let worker: Worker<PdfJob, PdfJobOutcome>;

  beforeAll(async () => {
    const storage = new LocalDiskStorage(folder);
    for (const [index, name] of files.entries()) {
      await storage.put(`org/1/uploads/${index + 1}.pdf`, readFileSync(join(fixtures, name)), 'x');
    }
    jobs = openQueue<PdfJob>(QUEUES.pdfProcessing, connection);
    inbox = openQueue<LibraryInboxMessage>(QUEUES.libraryInbox, connection);
    const handle = createPdfJobHandler({
      storage,
      inbox,
      ocr: { recognizer, pages: jobs },
      limits: { timeoutMs: 60_000, memoryMb: 512 },
    });
    worker = startWorker(QUEUES.pdfProcessing, connection, handle, { concurrency: 2 });
  });

  afterAll(async () => {
    await worker?.close();
    await Promise.all([jobs?.close(), inbox?.close()]);
    await recognizer.stop();
    await resources.release().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  });

  it('brings each one to processed or failed with a reason, and the worker stays up', async () => {
    const added = await jobs.addBulk(
      files.map((_, index) => ({
        name: 'pdf',
        data: {
          documentId: index + 1,
          organizationId: 1,
          sourceKey: `org/1/uploads/${index + 1}.pdf`,
          outputPrefix: `org/1/docs/${index + 1}/`,
          run: 1,
        },
        opts: { attempts: 2, backoff: { type: 'fixed', delay: 100 } },
      })),
    );
    expect(added).toHaveLength(files.length);
    await allFinished(jobs);

    const messages = (await inbox.getJobs(['waiting', 'delayed', 'prioritized'], 0, -1)).map(
      (job) => LibraryInboxMessage.parse(job.data),
    );
    const outcome = new Map<number, LibraryInboxMessage>();
    for (const message of messages) {
      if (message.kind !== 'pdf.progress') outcome.set(message.documentId, message);
    }
    const tally = { processed: 0, failed: [] as string[], missing: [] as string[] };
    files.forEach((name, index) => {
      const message = outcome.get(index + 1);
      if (message?.kind === 'pdf.processed') tally.processed += 1;
      else if (message?.kind === 'pdf.failed') tally.failed.push(`${name}: ${message.reason}`);
      else tally.missing.push(name);
    });
    console.log(
      `[fixtures] ${files.length} PDFs: ${tally.processed} processed, ` +
        `${tally.failed.length} failed\n  ${tally.failed.join('\n  ')}`,
    );
    expect(tally.missing).toEqual([]);
    for (const reason of tally.failed) expect(reason).toMatch(/: \S.{8,}$/);
    expect(worker.isRunning()).toBe(true);
  }, 900_000);
});
