import { availableParallelism } from 'node:os';
import { buffer } from 'node:stream/consumers';
import {
  isStorageFault,
  logger,
  type ObjectStorage,
  type PoisonPolicy,
  storageReadCause,
} from '@hub/runtime';
import {
  LibraryInboxMessage,
  type ExtractedImage,
  type PdfPageJob,
  type PdfProcessingJob,
} from '@hub/proto/jobs';
import { UnrecoverableError, WaitingChildrenError, type Job } from 'bullmq';
import type { Extraction, ExtractionProgress } from './extraction/extract-document.ts';
import type { ExtractionInput } from './extraction/extraction-thread.ts';
import {
  hasText,
  imageContentType,
  imageFileName,
  imageId,
  toMarkdown,
  toPlainText,
} from './extraction/markdown.ts';
import { joinPages } from './extraction/structure.ts';
import { describeFailure, DocumentFailure, POISON_REASON, type FailureLimits } from './failures.ts';
import type { PageRecognizer } from './ocr/recognizer-pool.ts';
import {
  addPageJobs,
  assemblePages,
  openRenderThreads,
  readScannedPage,
  type AssembledPages,
  type PageQueue,
  type PdfJob,
} from './pages/page-jobs.ts';
import {
  readLayout,
  removeEarlierRuns,
  removeRun,
  runState,
  writeLayout,
  type DocumentLayout,
} from './pages/page-results.ts';
import { SandboxPool } from './sandbox/sandbox-pool.ts';

const log = logger('pdf');

// Under tests the sources run as TypeScript (Node strips the types); built, the thread is .js.
const EXTRACTION_THREAD = new URL(
  `./extraction/extraction-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
);
const PROGRESS_INTERVAL_MS = 1000;

type ProgressStage = 'extracting' | 'ocr' | 'images';
type InboxMessage = LibraryInboxMessage;

/** Where results go: the library service's inbox queue. */
export interface Inbox {
  add(name: string, message: InboxMessage): Promise<unknown>;
}

export interface PdfWorkerDeps {
  storage: ObjectStorage;
  inbox: Inbox;
  /** Null when OCR is turned off. */
  ocr: PdfOcr | null;
  limits: FailureLimits;
  /** At most this many documents (and as many scanned pages) are read at once, each in its own
   * thread; one per core by default. A thread beyond the first starts only once a job has waited
   * for one (GROW_AFTER_MS of the sandbox pool). */
  threads?: number;
}

/** OCR of scanned pages: each one a page job of its own (see pages/page-jobs.ts). */
export interface PdfOcr {
  recognizer: PageRecognizer;
  /** The `pdf-processing` queue itself, where a document's job adds its page jobs. */
  pages: PageQueue;
}

/** The threads that read documents, shared by the jobs of one handler. */
export type ExtractionThreads = SandboxPool<ExtractionInput, Extraction, ExtractionProgress>;

/** Extraction threads as the job handler uses them; the benchmark reads the corpus through it. */
export const openExtractionThreads = (threads: number, limits: FailureLimits): ExtractionThreads =>
  new SandboxPool(EXTRACTION_THREAD, threads, limits);

export type PdfJobOutcome = 'processed' | 'page-read';

/** Sends progress of one run, at most once a second per stage so the inbox is not flooded. */
class ProgressReporter {
  private lastStage: ProgressStage | null = null;
  private lastSentAt = 0;
  private readonly send: (message: InboxMessage) => Promise<void>;
  private readonly job: Pick<PdfJob, 'documentId' | 'run'>;

  constructor(
    job: Pick<PdfJob, 'documentId' | 'run'>,
    send: (message: InboxMessage) => Promise<void>,
  ) {
    this.job = job;
    this.send = send;
  }

  report(stage: ProgressStage, current: number | null, total: number | null): void {
    const now = Date.now();
    const final = current !== null && current === total;
    if (stage === this.lastStage && now - this.lastSentAt < PROGRESS_INTERVAL_MS && !final) return;
    this.lastStage = stage;
    this.lastSentAt = now;
    const { documentId, run } = this.job;
    this.send({ kind: 'pdf.progress', documentId, run, stage, current, total }).catch(
      (error: unknown) => log.warn({ err: error, documentId }, 'progress not sent'),
    );
  }
}

async function readSource(storage: ObjectStorage, key: string): Promise<Uint8Array> {
  try {
    // A copy in a buffer of its own, so it can be moved to the extraction thread.
    return new Uint8Array(await buffer(await storage.get(key)));
  } catch (error) {
    // A store away or full is waited for (see startWorker), not held against the document.
    if (isStorageFault(error)) throw error;
    // The store's words (a path, a request id) are logged; the reason says what kind of failure.
    log.warn({ err: error, key }, 'upload not read');
    throw new DocumentFailure(
      `The uploaded file could not be read from storage: ${storageReadCause(error)}`,
      true,
    );
  }
}

function noTextFailure(ocr: AssembledPages, scannedPages: number, ocrEnabled: boolean) {
  if (ocr.ocrError) return new DocumentFailure(`The document has no text and ${ocr.ocrError}`);
  if (scannedPages === 0) return new DocumentFailure('The document has no text.');
  if (!ocrEnabled) return new DocumentFailure('The document has no text and OCR is turned off.');
  return new DocumentFailure('The document has no text and OCR found none.');
}

async function writeImages(
  storage: ObjectStorage,
  job: PdfProcessingJob,
  extraction: Extraction,
  progress: ProgressReporter | null,
): Promise<ExtractedImage[]> {
  const folder = `${job.outputPrefix}images/`;
  // Whatever an earlier attempt left is removed, so a rerun gives the same files.
  await storage.removePrefix(folder);
  const images: ExtractedImage[] = [];
  for (const figure of extraction.figures) {
    progress?.report('images', images.length, extraction.figures.length);
    const key = `${folder}${imageFileName(figure.imageNumber, figure.format)}`;
    const { bytes } = figure;
    await storage.put(key, Buffer.from(bytes), imageContentType(figure.format), bytes.byteLength);
    const { page, width, height } = figure;
    images.push({ id: imageId(figure.imageNumber), key, page, width, height });
  }
  progress?.report('images', images.length, extraction.figures.length);
  return images;
}

async function putText(storage: ObjectStorage, key: string, text: string, type: string) {
  const body = Buffer.from(text, 'utf8');
  await storage.put(key, body, type, body.byteLength);
}

/** The document's markdown and plain text written, and the message that says so. */
async function finish(
  deps: PdfWorkerDeps,
  job: PdfProcessingJob,
  layout: DocumentLayout,
  ocr: AssembledPages,
): Promise<InboxMessage> {
  const blocks = joinPages(ocr.pages);
  if (!hasText(blocks)) {
    throw noTextFailure(ocr, layout.scanPages.length, deps.ocr !== null);
  }
  const markdownKey = `${job.outputPrefix}content.md`;
  const textKey = `${job.outputPrefix}content.txt`;
  await putText(deps.storage, markdownKey, toMarkdown(blocks), 'text/markdown; charset=utf-8');
  await putText(deps.storage, textKey, toPlainText(blocks), 'text/plain; charset=utf-8');
  return {
    kind: 'pdf.processed',
    documentId: job.documentId,
    run: job.run,
    markdownKey,
    textKey,
    pageCount: layout.pageCount,
    images: layout.images,
    ocrPages: ocr.ocrPages,
    ocrError: ocr.ocrError,
  };
}

/** A run that ended leaves nothing: a deleted document's folder goes whole, else the run's pages. */
async function clearRun(storage: ObjectStorage, job: PdfProcessingJob): Promise<void> {
  if ((await runState(storage, job)) === 'deleted') await storage.removePrefix(job.outputPrefix);
  else await removeRun(storage, job);
}

/**
 * True, its files removed, when the run no longer counts (document deleted, run superseded).
 * Asked after the run wrote: the library removes a deleted document's uploads before listing its
 * folders, so this look either finds the upload gone or came before that listing.
 */
async function runGone(storage: ObjectStorage, job: PdfProcessingJob): Promise<boolean> {
  if ((await runState(storage, job)) === 'current') return false;
  await clearRun(storage, job);
  return true;
}

/**
 * The document's first step: text layer, layout and figures. A document without scanned pages
 * is finished here (the message is returned); otherwise the layout is stored and one page job
 * per scanned page added, and null returned: the job waits for them, then assembles.
 */
async function split(
  job: Job<PdfProcessingJob>,
  deps: PdfWorkerDeps,
  threads: ExtractionThreads,
  progress: ProgressReporter,
): Promise<InboxMessage | null> {
  const data = job.data;
  progress.report('extracting', null, null);
  const bytes = await readSource(deps.storage, data.sourceKey);
  const extraction = await threads.run({
    input: { bytes, ocr: deps.ocr !== null, images: true },
    transfer: [bytes.buffer as ArrayBuffer],
    onProgress: ({ stage, current, total }) => progress.report(stage, current, total),
  });
  const { pageCount, pages, scanPages } = extraction;
  const textOnly = { pages, ocrPages: 0, ocrError: null };
  if (scanPages.length === 0 && !hasText(joinPages(pages))) {
    throw noTextFailure(textOnly, 0, deps.ocr !== null);
  }
  // The images stage comes after OCR: a scanned document's progress stays on its pages.
  const images = await writeImages(
    deps.storage,
    data,
    extraction,
    scanPages.length ? null : progress,
  );
  const layout: DocumentLayout = { pageCount, pages, images, scanPages };
  if (scanPages.length === 0 || !deps.ocr) return finish(deps, data, layout, textOnly);

  await removeEarlierRuns(deps.storage, data);
  await writeLayout(deps.storage, data, layout);
  // Deleted or superseded while it was read: no page job to add for nothing.
  if (await runGone(deps.storage, data)) return null;
  progress.report('ocr', 0, scanPages.length);
  await addPageJobs(deps.ocr.pages, job, scanPages);
  await job.updateData({ ...data, step: 'assemble' });
  return null;
}

/**
 * Runs the document's job, step by step (BullMQ's step-job pattern, the step kept in its data):
 * split, wait for the page jobs (WaitingChildrenError: BullMQ runs it again when all have
 * ended), assemble. Every step may run twice and gives the same result; the library applies
 * the document's outcome once, for its run, whatever arrives twice.
 */
async function processDocument(
  job: Job<PdfProcessingJob>,
  token: string | undefined,
  deps: PdfWorkerDeps,
  threads: ExtractionThreads,
  progress: ProgressReporter,
): Promise<InboxMessage | null> {
  if (job.data.step !== 'assemble') {
    const finished = await split(job, deps, threads, progress);
    if (finished) return finished;
  }
  if (token === undefined) throw new Error('A document with scanned pages needs its job’s token.');
  if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();
  if (await runGone(deps.storage, job.data)) return null;
  const layout = await readLayout(deps.storage, job.data);
  // The run's results are gone: it was assembled and reported already, or the document deleted.
  if (!layout) return null;
  return finish(deps, job.data, layout, await assemblePages(deps.storage, job, layout));
}

const isPageJob = (job: Job<PdfJob>): job is Job<PdfPageJob> => job.name === 'page';

/**
 * A document during which the worker process died twice fails for good, and the library hears
 * why; it marks a run failed once only, so a second report changes nothing. Like any run failed
 * for good, it leaves no page results (nothing assembles them any more). A page job fails alone:
 * the document's assembly reports it as the page's OCR failure, from the other pages' results.
 */
export const pdfPoisonPolicy = (
  deps: Pick<PdfWorkerDeps, 'inbox' | 'storage'>,
): PoisonPolicy<PdfJob> => ({
  reason: POISON_REASON,
  report: async (job, reason) => {
    if (isPageJob(job)) return;
    const data = job.data as PdfProcessingJob;
    const { documentId, run } = data;
    const message = { kind: 'pdf.failed' as const, documentId, run, reason };
    await deps.inbox.add(message.kind, LibraryInboxMessage.parse(message));
    await clearRun(deps.storage, data).catch((cleared: unknown) =>
      log.warn({ err: cleared, documentId }, 'files of the poisoned run not removed'),
    );
  },
});

const isFinalAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * The handler of `pdf-processing` jobs: the PDF becomes markdown, plain text and images in
 * storage, and the library inbox hears of progress and of the outcome. A document's scanned
 * pages are page jobs of their own (see pages/page-jobs.ts), read side by side. A failure the
 * file itself causes fails the job at once; others are retried, and the last attempt reports
 * the failure.
 */
export function createPdfJobHandler(deps: PdfWorkerDeps) {
  const send = async (message: InboxMessage) => {
    await deps.inbox.add(message.kind, LibraryInboxMessage.parse(message));
  };
  // Threads start on first use and end when idle, so an unused handler costs nothing.
  const size = deps.threads ?? availableParallelism();
  const threads = openExtractionThreads(size, deps.limits);
  const renderThreads = openRenderThreads(size, deps.limits);
  const readPage = async (job: Job<PdfPageJob>, recognizer: PageRecognizer) => {
    const progress = new ProgressReporter(job.data, send);
    const onRead = (read: number) => progress.report('ocr', read, job.data.scannedPages);
    const pageDeps = { storage: deps.storage, recognizer, limits: deps.limits, onRead };
    await readScannedPage(job, { ...pageDeps, threads: renderThreads });
    return 'page-read' as const;
  };
  return async (job: Job<PdfJob>, token?: string): Promise<PdfJobOutcome> => {
    if (isPageJob(job)) {
      if (!deps.ocr) throw new UnrecoverableError('OCR is turned off on this worker.');
      return readPage(job, deps.ocr.recognizer);
    }
    // Parsed by startWorker against the queue's contract: a bad payload never gets here.
    const document = job as Job<PdfProcessingJob>;
    const data = document.data;
    try {
      const progress = new ProgressReporter(data, send);
      const message = await processDocument(document, token, deps, threads, progress);
      if (message) await send(message);
      // Only after the outcome is sent: a run killed before that assembles again from them.
      await removeRun(deps.storage, data);
      return 'processed';
    } catch (error) {
      // Waiting for its page jobs; the store away or full: the job waits for it (startWorker
      // delays it) and the document stays "processing" meanwhile, never failed for it.
      if (error instanceof WaitingChildrenError || isStorageFault(error)) throw error;
      const failure = describeFailure(error, deps.limits);
      const { documentId, run } = data;
      if (failure.readerText !== undefined) {
        log.warn({ reader: failure.readerText, documentId, run }, 'document not read');
      }
      if (failure.cause !== undefined) {
        log.error(
          { err: failure.cause, documentId, run },
          'document stopped by an unexpected error',
        );
      }
      if (!failure.retryable || isFinalAttempt(job)) {
        await send({ kind: 'pdf.failed', documentId, run, reason: failure.message });
        // Only once failed for good: a retry of this run assembles from its page results.
        await clearRun(deps.storage, data).catch((cleared: unknown) =>
          log.warn({ err: cleared, documentId }, 'files of the failed run not removed'),
        );
      }
      if (!failure.retryable) throw new UnrecoverableError(failure.message);
      throw failure;
    }
  };
}
