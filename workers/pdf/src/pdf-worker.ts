import { availableParallelism } from 'node:os';
import { buffer } from 'node:stream/consumers';
import type { ObjectStorage, PoisonPolicy } from '@hub/runtime';
import { isStorageFault, logger } from '@hub/runtime';
import { LibraryInboxMessage, type ExtractedImage, type PdfProcessingJob } from '@hub/proto/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Block } from './extraction/blocks.ts';
import type { Extraction, ExtractionProgress } from './extraction/extract-document.ts';
import type { ExtractionInput } from './extraction/extraction-thread.ts';
import { hasText, imageFileName, imageId, toMarkdown, toPlainText } from './extraction/markdown.ts';
import { joinPages } from './extraction/structure.ts';
import {
  describeFailure,
  DocumentFailure,
  POISON_REASON,
  timeoutFailure,
  type FailureLimits,
} from './failures.ts';
import { ocrParagraphs } from './ocr/ocr-text.ts';
import { OcrTimeoutError, type TextRecognizer } from './ocr/text-recognizer.ts';
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
  recognizer: TextRecognizer | null;
  limits: FailureLimits;
  /** At most this many documents are read at once, each in its own thread; one per core by
   * default. Threads start only as jobs run side by side (the queue's concurrency). */
  threads?: number;
}

/** The threads that read documents, shared by the jobs of one handler. */
export type ExtractionThreads = SandboxPool<ExtractionInput, Extraction, ExtractionProgress>;

/** Extraction threads as the job handler uses them; the benchmark reads the corpus through it. */
export const openExtractionThreads = (threads: number, limits: FailureLimits): ExtractionThreads =>
  new SandboxPool(EXTRACTION_THREAD, threads, limits);

export type PdfJobOutcome = 'processed' | 'failed';

/** Sends progress of one run, at most once a second per stage so the inbox is not flooded. */
class ProgressReporter {
  private lastStage: ProgressStage | null = null;
  private lastSentAt = 0;
  private readonly send: (message: InboxMessage) => Promise<void>;
  private readonly job: PdfProcessingJob;

  constructor(job: PdfProcessingJob, send: (message: InboxMessage) => Promise<void>) {
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
    const message = error instanceof Error ? error.message : String(error);
    throw new DocumentFailure(`The uploaded file could not be read from storage: ${message}`, true);
  }
}

interface OcrOutcome {
  pages: Block[][];
  ocrPages: number;
  ocrError: string | null;
}

/** Reads the scanned pages; an OCR failure is reported, the document goes on without it. */
async function recognizeScans(
  extraction: Extraction,
  recognizer: TextRecognizer | null,
  deadline: number,
  progress: ProgressReporter,
  timeoutMs: number,
): Promise<OcrOutcome> {
  const pages = extraction.pages.map((blocks) => [...blocks]);
  const scans = recognizer ? extraction.scans : [];
  let ocrPages = 0;
  for (const [index, scan] of scans.entries()) {
    progress.report('ocr', index + 1, scans.length);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw timeoutFailure(timeoutMs);
    try {
      const text = await recognizer!.recognize(scan.png, remaining);
      pages[scan.page - 1] = [...ocrParagraphs(text), ...(pages[scan.page - 1] ?? [])];
      ocrPages += 1;
    } catch (error) {
      if (error instanceof OcrTimeoutError) throw timeoutFailure(timeoutMs);
      const message = error instanceof Error ? error.message : String(error);
      return { pages, ocrPages, ocrError: `OCR failed on page ${scan.page}: ${message}` };
    }
  }
  return { pages, ocrPages, ocrError: null };
}

function noTextFailure(extraction: Extraction, ocr: OcrOutcome, ocrEnabled: boolean) {
  if (ocr.ocrError) return new DocumentFailure(`The document has no text and ${ocr.ocrError}`);
  if (extraction.scans.length === 0) return new DocumentFailure('The document has no text.');
  if (!ocrEnabled) return new DocumentFailure('The document has no text and OCR is turned off.');
  return new DocumentFailure('The document has no text and OCR found none.');
}

async function writeImages(
  storage: ObjectStorage,
  job: PdfProcessingJob,
  extraction: Extraction,
  progress: ProgressReporter,
): Promise<ExtractedImage[]> {
  const folder = `${job.outputPrefix}images/`;
  // Whatever an earlier attempt left is removed, so a rerun gives the same files.
  await storage.removePrefix(folder);
  const images: ExtractedImage[] = [];
  for (const figure of extraction.figures) {
    progress.report('images', images.length, extraction.figures.length);
    const key = `${folder}${imageFileName(figure.imageNumber)}`;
    await storage.put(key, Buffer.from(figure.png), 'image/png', figure.png.byteLength);
    const { page, width, height } = figure;
    images.push({ id: imageId(figure.imageNumber), key, page, width, height });
  }
  progress.report('images', images.length, extraction.figures.length);
  return images;
}

async function putText(storage: ObjectStorage, key: string, text: string, type: string) {
  const body = Buffer.from(text, 'utf8');
  await storage.put(key, body, type, body.byteLength);
}

async function processDocument(
  job: PdfProcessingJob,
  deps: PdfWorkerDeps,
  threads: ExtractionThreads,
  progress: ProgressReporter,
): Promise<InboxMessage> {
  const { timeoutMs } = deps.limits;
  const deadline = Date.now() + timeoutMs;
  progress.report('extracting', null, null);
  const bytes = await readSource(deps.storage, job.sourceKey);
  const extraction = await threads.run({
    input: { bytes, ocr: deps.recognizer !== null, images: true },
    transfer: [bytes.buffer as ArrayBuffer],
    onProgress: ({ stage, current, total }) => progress.report(stage, current, total),
  });
  const ocr = await recognizeScans(extraction, deps.recognizer, deadline, progress, timeoutMs);
  const blocks = joinPages(ocr.pages);
  if (!hasText(blocks)) throw noTextFailure(extraction, ocr, deps.recognizer !== null);

  const images = await writeImages(deps.storage, job, extraction, progress);
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
    pageCount: extraction.pageCount,
    images,
    ocrPages: ocr.ocrPages,
    ocrError: ocr.ocrError,
  };
}

/**
 * A document during which the worker process died twice fails for good, and the library hears
 * why; it marks a run failed once only, so a second report changes nothing.
 */
export const pdfPoisonPolicy = (inbox: Inbox): PoisonPolicy<PdfProcessingJob> => ({
  reason: POISON_REASON,
  report: async (job, reason) => {
    const { documentId, run } = job.data;
    const message = { kind: 'pdf.failed' as const, documentId, run, reason };
    await inbox.add(message.kind, LibraryInboxMessage.parse(message));
  },
});

const isFinalAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * The handler of `pdf-processing` jobs: the PDF becomes markdown, plain text and images in
 * storage, and the library inbox hears of progress and of the outcome. A failure the file itself
 * causes fails the job at once; others are retried, and the last attempt reports the failure.
 */
export function createPdfJobHandler(deps: PdfWorkerDeps) {
  const send = async (message: InboxMessage) => {
    await deps.inbox.add(message.kind, LibraryInboxMessage.parse(message));
  };
  // Threads start on first use and end when idle, so an unused handler costs nothing.
  const threads = openExtractionThreads(deps.threads ?? availableParallelism(), deps.limits);
  return async (job: Job<PdfProcessingJob>): Promise<PdfJobOutcome> => {
    // Parsed by startWorker against the queue's contract: a bad payload never gets here.
    const data = job.data;
    try {
      await send(await processDocument(data, deps, threads, new ProgressReporter(data, send)));
      return 'processed';
    } catch (error) {
      // The store away or full: the job waits for it (startWorker delays it) and the document
      // stays "processing" meanwhile, never failed for it.
      if (isStorageFault(error)) throw error;
      const failure = describeFailure(error, deps.limits);
      if (!failure.retryable || isFinalAttempt(job)) {
        const { documentId, run } = data;
        await send({ kind: 'pdf.failed', documentId, run, reason: failure.message });
      }
      if (!failure.retryable) throw new UnrecoverableError(failure.message);
      throw failure;
    }
  };
}
