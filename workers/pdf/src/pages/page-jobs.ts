import { buffer } from 'node:stream/consumers';
import { addFairly, isStorageFault, logger, type ObjectStorage } from '@hub/runtime';
import {
  FAILURE_REASONS,
  pdfPageJobId,
  type PdfPageJob,
  type PdfProcessingJob,
} from '@hub/proto/jobs';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { Block } from '../extraction/blocks.ts';
import {
  describeFailure,
  DocumentFailure,
  timeoutFailure,
  type FailureLimits,
} from '../failures.ts';
import { ocrParagraphs } from '../ocr/ocr-text.ts';
import type { PageRecognizer } from '../ocr/recognizer-pool.ts';
import { OcrTimeoutError } from '../ocr/text-recognizer.ts';
import { SandboxPool } from '../sandbox/sandbox-pool.ts';
import type { PageRenderInput } from './page-render-thread.ts';
import {
  pagesRead,
  pageTextKey,
  readPageText,
  runState,
  writePageText,
  type DocumentLayout,
} from './page-results.ts';

const log = logger('pdf');

// Under tests the sources run as TypeScript (Node strips the types); built, the thread is .js.
const RENDER_THREAD = new URL(
  `./page-render-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
);

/** Either job of the `pdf-processing` queue: a document's, or one of its scanned pages'. */
export type PdfJob = PdfProcessingJob | PdfPageJob;

/** The `pdf-processing` queue, where a document's job adds its page jobs. */
export type PageQueue = Queue<PdfJob>;

/** The threads that render scanned pages for OCR, shared by the page jobs of one handler. */
export type RenderThreads = SandboxPool<PageRenderInput, Uint8Array, never>;

export const openRenderThreads = (threads: number, limits: FailureLimits): RenderThreads =>
  new SandboxPool(RENDER_THREAD, threads, limits);

/**
 * One page job per scanned page, children of the document's job: any PDF worker takes them,
 * organizations taking turns page by page (addFairly), and the document's job runs again, to
 * assemble, once every one has ended. A page that fails for good does not fail the document
 * (its failure is kept for the assembly to report), as an OCR failure never did. Adding them
 * again (the document's job ran twice) changes nothing: a page job's id is its page.
 */
export async function addPageJobs(
  queue: PageQueue,
  job: Job<PdfProcessingJob>,
  scanPages: number[],
): Promise<void> {
  const { step: _step, ...document } = job.data;
  const parent = { id: job.id!, queue: job.queueQualifiedName };
  for (const page of scanPages) {
    const data: PdfJob = { ...document, page, scannedPages: scanPages.length };
    const jobId = pdfPageJobId(document.documentId, document.run, page);
    await addFairly<PdfJob>(queue, 'page', data, {
      jobId,
      parent,
      ignoreDependencyOnFailure: true,
    });
  }
}

export interface PageJobDeps {
  storage: ObjectStorage;
  recognizer: PageRecognizer;
  threads: RenderThreads;
  limits: FailureLimits;
  /** Pages of the run read so far, after this one. */
  onRead: (read: number) => void;
}

async function readSource(storage: ObjectStorage, key: string): Promise<Uint8Array> {
  // A copy in a buffer of its own, so it can be moved to the render thread.
  return new Uint8Array(await buffer(await storage.get(key)));
}

async function recognizePage(job: PdfPageJob, deps: PageJobDeps): Promise<string> {
  const bytes = await readSource(deps.storage, job.sourceKey);
  const png = await deps.threads.run({
    input: { bytes, page: job.page },
    transfer: [bytes.buffer as ArrayBuffer],
  });
  try {
    return await deps.recognizer.recognize(png, deps.limits.timeoutMs);
  } catch (error) {
    throw recognitionFailure(error, deps.limits.timeoutMs);
  }
}

/**
 * A page's OCR failure, as the page's reason (no_text_ocr_failed's `{detail}` if it fails for
 * good): the engine's words (tesseract's, often a bare string) are logged with the page.
 */
export function recognitionFailure(error: unknown, timeoutMs: number): DocumentFailure {
  if (error instanceof OcrTimeoutError) return timeoutFailure(timeoutMs);
  const words = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const failure = new DocumentFailure(FAILURE_REASONS.ocr_cause_engine_failed, true, words);
  // Its stack, for the page's log line: what failed may be ours (the pool), not the engine.
  if (error instanceof Error) failure.cause = error;
  return failure;
}

/**
 * Reads one scanned page and stores its text. A page whose text is stored already is not read
 * again (the job ran before and died after storing it). A failure the page itself causes ends
 * the job at once; others are retried, by BullMQ, this page alone.
 */
export async function readScannedPage(job: Job<PdfPageJob>, deps: PageJobDeps): Promise<void> {
  const { data } = job;
  // A deleted document's or a superseded run's pages are not worth their OCR any more.
  if ((await runState(deps.storage, data)) !== 'current') return;
  try {
    if ((await readPageText(deps.storage, data, data.page)) === null) {
      await writePageText(deps.storage, data, data.page, await recognizePage(data, deps));
    }
  } catch (error) {
    if (isStorageFault(error)) throw error;
    const failure = describeFailure(error, deps.limits);
    if (failure.readerText !== undefined || failure.cause !== undefined) {
      const { documentId, run, page } = data;
      log.warn(
        { err: failure.cause, reader: failure.readerText, documentId, run, page },
        'scanned page not read',
      );
    }
    if (!failure.retryable) throw new UnrecoverableError(failure.message);
    throw failure;
  }
  // Ended while this page was read: its text must not outlive the document or the run.
  if ((await runState(deps.storage, data)) !== 'current') {
    await deps.storage.remove(pageTextKey(data, data.page));
    return;
  }
  deps.onRead(await pagesRead(deps.storage, data));
}

/** The page number of a page job's key (`<prefix>:<queue>:doc-1-run-2-page-3`). */
const pageOfKey = (key: string) => Number(/-page-(\d+)$/.exec(key)?.[1] ?? 0);

export interface AssembledPages {
  pages: Block[][];
  ocrPages: number;
  ocrError: string | null;
}

/**
 * The layout with each scanned page's OCR text before its text layer's blocks. A page whose job
 * failed for good is left without, and the first such failure is the document's OCR error.
 */
export async function assemblePages(
  storage: ObjectStorage,
  job: Job<PdfProcessingJob>,
  layout: DocumentLayout,
): Promise<AssembledPages> {
  const failures = new Map(
    Object.entries(await job.getIgnoredChildrenFailures()).map(([key, reason]) => [
      pageOfKey(key),
      reason,
    ]),
  );
  const pages = layout.pages.map((blocks) => [...blocks]);
  let ocrPages = 0;
  let ocrError: string | null = null;
  for (const page of layout.scanPages) {
    const ocr = await readPageText(storage, job.data, page);
    if (ocr === null) {
      ocrError ??= `OCR failed on page ${page}: ${failures.get(page) ?? FAILURE_REASONS.ocr_cause_no_result}`;
      continue;
    }
    pages[page - 1] = [...ocrParagraphs(ocr), ...(pages[page - 1] ?? [])];
    ocrPages += 1;
  }
  return { pages, ocrPages, ocrError };
}
