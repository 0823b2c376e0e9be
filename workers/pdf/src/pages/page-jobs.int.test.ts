import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import {
  addFairly,
  LocalDiskStorage,
  type ObjectStorage,
  openQueue,
  startWorker,
} from '@hub/runtime';
import { claimTestResources, TEST_REDIS_URL } from '@hub/testing';
import {
  LibraryInboxMessage,
  pdfJobId,
  pdfPageJobId,
  QUEUE_CONTRACTS,
  type PdfProcessingJob,
} from '@hub/proto';
import type { Job, Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecognizerPool, type PageRecognizer } from '../ocr/recognizer-pool.ts';
import { POISON_REASON } from '../failures.ts';
import { createPdfJobHandler, pdfPoisonPolicy, type PdfJobOutcome } from '../pdf-worker.ts';
import { scannedPdf } from '../test-support/scanned-pdf.ts';
import { until } from '../test-support/until.ts';
import { startPdfWorker } from '../test-support/worker-process.ts';
import type { PdfJob } from './page-jobs.ts';
import { writeLayout, writePageText } from './page-results.ts';

/**
 * Three pages: one read before, one during and one after whatever a test does mid-document (a
 * failed page, a killed process, a delete). Each a strip of two lines, as OCR and drawing take
 * time in proportion to the pixels, none of which would add proof here.
 */
const PAGES = 3;
const steps = Array.from({ length: PAGES }, (_, index) => `Step ${index + 1}`);
const scannedSop = (label: string) =>
  scannedPdf(
    steps.map((step) => [`${step} of the ${label} procedure.`, 'Wash your hands.']),
    { widthIn: 4, heightIn: 1.25 },
  );

/** A whole scanned document read page by page, on two loaded cores. */
const UNTIL_MS = 180_000;

describe('a scanned document read as page jobs', () => {
  const resources = claimTestResources();
  const connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
  const dataDir = mkdtempSync(join(tmpdir(), 'pdf-pages-'));
  const storage = new LocalDiskStorage(join(dataDir, 'objects'));
  const children: ChildProcess[] = [];
  let jobs: Queue<PdfJob>;
  let inbox: Queue<LibraryInboxMessage>;

  const document = (documentId: number): PdfProcessingJob => ({
    documentId,
    organizationId: 1,
    sourceKey: `org/1/uploads/${documentId}.pdf`,
    outputPrefix: `org/1/docs/${documentId}/`,
    run: 1,
  });

  const messagesOf = async (documentId: number) =>
    (await inbox.getJobs(['waiting', 'prioritized'], 0, -1))
      .map((job) => LibraryInboxMessage.parse(job.data))
      .filter((message) => message.documentId === documentId);

  const pageJobs = async (documentId: number) =>
    Promise.all(
      steps.map(async (_, index) => (await jobs.getJob(pdfPageJobId(documentId, 1, index + 1)))!),
    );

  /** The document's job completed, then what the library heard and what was stored. */
  async function outcome(documentId: number) {
    await until(
      `document ${documentId} completed`,
      async () =>
        (await jobs.getJobState(pdfJobId(documentId, 1))) === 'completed' ? true : undefined,
      UNTIL_MS,
    );
    const messages = await messagesOf(documentId);
    const markdown = await text(await storage.get(`org/1/docs/${documentId}/content.md`));
    return { messages, markdown };
  }

  function expectDocumentOnce(messages: LibraryInboxMessage[], markdown: string) {
    const ends = messages.filter((message) => message.kind !== 'pdf.progress');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ kind: 'pdf.processed', ocrPages: PAGES, ocrError: null });
    const positions = steps.map((step) => markdown.indexOf(step));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(markdown.split('Wash your hands.')).toHaveLength(PAGES + 1);
    const progress = messages.filter((message) => message.kind === 'pdf.progress');
    expect(progress).toContainEqual(expect.objectContaining({ stage: 'ocr', total: PAGES }));
  }

  /**
   * How often every worker on the queue, this process's too, looks for a job whose process died.
   * One look at a time for the queue: each blocks the others for its interval (BullMQ's
   * stalled-check key), so a worker of this process at the default 30 s kept the worker processes
   * below from noticing their killed page for up to 30 s after it started (26 s of the suite's
   * 32). A short interval costs a living worker nothing: its job is taken only once its lock has
   * expired, however often that is checked.
   */
  const STALL_CHECK_MS = '250';
  const stallCheckBefore = process.env.JOB_STALL_CHECK_MS;

  beforeAll(async () => {
    // Read by startWorker as each worker starts; put back after the suite (files share a process).
    process.env.JOB_STALL_CHECK_MS = STALL_CHECK_MS;
    jobs = openQueue(QUEUE_CONTRACTS.pdfProcessing, connection);
    inbox = openQueue(QUEUE_CONTRACTS.libraryInbox, connection);
  });

  afterAll(async () => {
    if (stallCheckBefore === undefined) delete process.env.JOB_STALL_CHECK_MS;
    else process.env.JOB_STALL_CHECK_MS = stallCheckBefore;
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all([jobs?.close(), inbox?.close()]);
    await resources.release().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('retries a page that failed, alone, and ends the document once', async () => {
    await storage.put('org/1/uploads/1.pdf', Buffer.from(await scannedSop('failing')), 'x');
    const pool = new RecognizerPool(2);
    const reads: string[] = [];
    let failed = false;
    // The real OCR, failing once on step 2 after reading it (as a crashed engine would).
    const recognizer = {
      recognize: async (png: Uint8Array, timeoutMs: number) => {
        const read = await pool.recognize(png, timeoutMs);
        const step = steps.find((one) => read.includes(`${one} `)) ?? read;
        reads.push(step);
        if (step === 'Step 2' && !failed) {
          failed = true;
          throw new Error('the OCR engine stopped');
        }
        return read;
      },
      stop: () => pool.stop(),
    };
    const handle = createPdfJobHandler({
      storage,
      inbox,
      ocr: { recognizer, pages: jobs },
      limits: { timeoutMs: 120_000, memoryMb: 512 },
      threads: 2,
    });
    const worker: Worker<PdfJob, PdfJobOutcome> = startWorker(
      QUEUE_CONTRACTS.pdfProcessing,
      connection,
      handle,
      { concurrency: 2 },
    );
    try {
      await addFairly(jobs, 'process', document(1));
      const { messages, markdown } = await outcome(1);
      expectDocumentOnce(messages, markdown);
      // Step 2 read twice, every other page once: the failed page job ran again alone.
      expect([...reads].sort()).toEqual([...steps, 'Step 2'].sort());
      // BullMQ counts every attempt made, the successful one included.
      const attempts = (await pageJobs(1)).map((job) => job.attemptsMade);
      expect(attempts).toEqual([1, 2, 1]);
    } finally {
      await worker.close();
      await recognizer.stop();
    }
  }, 240_000);

  /** An OCR engine reading each page as one line, the first page held until let go. */
  function heldRecognizer() {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const recognizer = {
      recognize: async () => {
        reads += 1;
        if (reads === 1) await held;
        return 'Check the scanned guard.';
      },
      stop: async () => {},
    };
    return { recognizer, release, reads: () => reads };
  }

  /** The pdf-processing handler and a worker with one slot, reading with the given engine. */
  function startStubWorker(
    recognizer: PageRecognizer,
    store: ObjectStorage = storage,
  ): Worker<PdfJob, PdfJobOutcome> {
    const handle = createPdfJobHandler({
      storage: store,
      inbox,
      ocr: { recognizer, pages: jobs },
      limits: { timeoutMs: 60_000, memoryMb: 512 },
      threads: 1,
    });
    return startWorker(QUEUE_CONTRACTS.pdfProcessing, connection, handle, { concurrency: 1 });
  }

  const finished = async (documentId: number) =>
    ['completed', 'failed'].includes(await jobs.getJobState(pdfJobId(documentId, 1)));

  it('removes the page results once the document is assembled, and assembles once', async () => {
    await storage.put('org/1/uploads/3.pdf', Buffer.from(await scannedSop('assembled')), 'x');
    const ocr = heldRecognizer();
    ocr.release();
    const worker = startStubWorker(ocr.recognizer);
    try {
      await addFairly(jobs, 'process', document(3));
      await expect.poll(() => finished(3), { timeout: UNTIL_MS }).toBe(true);
      const markdown = await text(await storage.get('org/1/docs/3/content.md'));
      expect(markdown).toContain('Check the scanned guard.');
      expect(await storage.list('org/1/docs/3/pages/')).toEqual([]);
      // The assembly run again after its clean-up (its process killed just then) changes nothing.
      await (await jobs.getJob(pdfJobId(3, 1)))!.retry('completed');
      await expect.poll(() => finished(3), { timeout: UNTIL_MS }).toBe(true);
      expect(await text(await storage.get('org/1/docs/3/content.md'))).toBe(markdown);
      const ends = (await messagesOf(3)).filter((message) => message.kind !== 'pdf.progress');
      expect(ends).toEqual([expect.objectContaining({ kind: 'pdf.processed', ocrPages: PAGES })]);
    } finally {
      await worker.close();
    }
  }, 240_000);

  it('stops reading a document deleted mid-way and leaves nothing of it in storage', async () => {
    // As uploaded: the source in the document's own folder, removed with it.
    const deleted = { ...document(4), sourceKey: 'org/1/docs/4/source.pdf' };
    await storage.put(deleted.sourceKey, Buffer.from(await scannedSop('deleted')), 'x');
    const ocr = heldRecognizer();
    const worker = startStubWorker(ocr.recognizer);
    try {
      await addFairly(jobs, 'process', deleted);
      await expect.poll(ocr.reads, { timeout: UNTIL_MS }).toBe(1);
      // The library's delete: the job's removal refused while a page job runs, then the files.
      await expect((await jobs.getJob(pdfJobId(4, 1)))!.remove()).rejects.toThrow();
      await storage.removePrefix(deleted.outputPrefix);
      ocr.release();
      await expect.poll(() => finished(4), { timeout: UNTIL_MS }).toBe(true);
      expect(await storage.list(deleted.outputPrefix)).toEqual([]);
      // No page read after the delete, none retried for its missing file.
      expect(ocr.reads()).toBe(1);
      const attempts = (await pageJobs(4)).map((job) => job.attemptsMade);
      expect(attempts).toEqual(steps.map(() => 1));
    } finally {
      await worker.close();
    }
  }, 240_000);

  /** The worker's store, the folder removed (the library's delete) just before `key` is written. */
  const deletedBefore = (key: string, folder: string): ObjectStorage =>
    new Proxy<ObjectStorage>(storage, {
      get(target, name) {
        if (name === 'put') {
          return async (...args: Parameters<ObjectStorage['put']>) => {
            if (args[0] === key) await target.removePrefix(folder);
            return target.put(...args);
          };
        }
        const value: unknown = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  it('leaves nothing of a document deleted while its text layer is read', async () => {
    const deleted = { ...document(5), sourceKey: 'org/1/docs/5/source.pdf' };
    await storage.put(deleted.sourceKey, Buffer.from(await scannedSop('split')), 'x');
    const ocr = heldRecognizer();
    ocr.release();
    const layout = `${deleted.outputPrefix}pages/run-1/layout.json`;
    const worker = startStubWorker(ocr.recognizer, deletedBefore(layout, deleted.outputPrefix));
    try {
      await addFairly(jobs, 'process', deleted);
      await expect.poll(() => finished(5), { timeout: UNTIL_MS }).toBe(true);
      expect(await storage.list(deleted.outputPrefix)).toEqual([]);
      expect(ocr.reads()).toBe(0);
    } finally {
      await worker.close();
    }
  }, 240_000);

  it('ends the pages left of a run a new version replaced, without reading them', async () => {
    await storage.put('org/1/uploads/6.pdf', Buffer.from(await scannedSop('replaced')), 'x');
    const ocr = heldRecognizer();
    const worker = startStubWorker(ocr.recognizer);
    try {
      await addFairly(jobs, 'process', document(6));
      await expect.poll(ocr.reads, { timeout: UNTIL_MS }).toBe(1);
      // The library's cancel: the job's removal refused while a page job runs, the run marked.
      await expect((await jobs.getJob(pdfJobId(6, 1)))!.remove()).rejects.toThrow();
      await storage.put('org/1/docs/6/pages/run-1/superseded', Buffer.alloc(0), 'text/plain');
      ocr.release();
      await expect.poll(() => finished(6), { timeout: UNTIL_MS }).toBe(true);
      expect(ocr.reads()).toBe(1);
      expect(await storage.list('org/1/docs/6/pages/')).toEqual([]);
      const ends = (await messagesOf(6)).filter((message) => message.kind !== 'pdf.progress');
      expect(ends).toEqual([]);
    } finally {
      await worker.close();
    }
  }, 240_000);

  it('removes the page results of a run poisoned, and keeps those a page job poisoned needs', async () => {
    const poison = pdfPoisonPolicy({ inbox, storage });
    const resultsOf = async (data: PdfProcessingJob) => {
      await storage.put(data.sourceKey, Buffer.from('%PDF'), 'application/pdf');
      await writeLayout(storage, data, { pageCount: 1, pages: [[]], images: [], scanPages: [1] });
      await writePageText(storage, data, 1, 'Check the scanned guard.');
    };
    // The document's job, refused after its process died twice on it: reported, then cleared.
    await resultsOf(document(7));
    await poison.report({ name: 'process', data: document(7) } as Job<PdfJob>, POISON_REASON);
    expect(await storage.list('org/1/docs/7/pages/')).toEqual([]);
    expect(await messagesOf(7)).toEqual([
      { kind: 'pdf.failed', documentId: 7, run: 1, reason: POISON_REASON },
    ]);
    // A page job's: the document's assembly still reads the other pages.
    await resultsOf(document(8));
    const page = { ...document(8), page: 1, scannedPages: 1 };
    await poison.report({ name: 'page', data: page } as Job<PdfJob>, POISON_REASON);
    expect(await storage.list('org/1/docs/8/pages/')).toHaveLength(2);
    expect(await messagesOf(8)).toEqual([]);
  });

  /** A worker process as deployed, noticing a dead process within seconds. */
  const startWorkerProcess = () =>
    startPdfWorker(
      {
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: resources.redisPrefix,
        DATA_DIR: dataDir,
        OCR_ENABLED: 'true',
        PDF_CONCURRENCY: '1',
        // Long enough that a living process starved of CPU (two cores, shared) renews in time:
        // the killed page runs again ~8 s after it started, the bulk of this test's time.
        JOB_LOCK_MS: '8000',
        JOB_STALL_CHECK_MS: STALL_CHECK_MS,
      },
      children,
    );

  it('retries a page job whose process was killed, alone, and ends the document once', async () => {
    await storage.put('org/1/uploads/2.pdf', Buffer.from(await scannedSop('killed')), 'x');
    const first = await startWorkerProcess();
    await addFairly(jobs, 'process', document(2));

    // Killed while reading a page after the first: one page is done, one is in the middle.
    const ofDocument = (job: Job<PdfJob>) => job.name === 'page' && job.data.documentId === 2;
    await until(
      'a second page job running',
      async () => {
        const running = (await jobs.getActive()).some(ofDocument);
        return running && (await jobs.getCompleted()).some(ofDocument) ? true : undefined;
      },
      UNTIL_MS,
    );
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    // The page the process was reading when it died (it may have moved on since the look above,
    // or be between two pages): a dead process's job stays active until the stall check takes it.
    const killed = (await jobs.getActive()).filter(ofDocument).map((job) => job.id);
    expect(killed.length).toBeLessThanOrEqual(1);
    await startWorkerProcess();

    const { messages, markdown } = await outcome(2);
    expectDocumentOnce(messages, markdown);
    const pages = await pageJobs(2);
    // The killed page ran again; the pages done before the kill were not touched again.
    expect(pages.filter((job) => job.stalledCounter > 0).map((job) => job.id)).toEqual(killed);
    const doneBefore = pages.filter((job) => (job.finishedOn ?? Infinity) < killedAt);
    expect(doneBefore.length).toBeGreaterThanOrEqual(1);
    for (const job of doneBefore) expect(job.attemptsStarted).toBe(1);
  }, 300_000);
});
