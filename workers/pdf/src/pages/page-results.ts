import { text } from 'node:stream/consumers';
import type { ObjectStorage } from '@hub/runtime';
import {
  type ExtractedImage,
  pdfRunFolder,
  pdfRunSupersededKey,
  type PdfProcessingJob,
} from '@hub/proto/jobs';
import type { Block } from '../extraction/blocks.ts';

/**
 * What a document's run keeps between its split and its assembly, under the run's own folder
 * (`<outputPrefix>pages/run-<run>/`): the layout read from the text layer, and one text file per
 * scanned page. A page job that runs again writes the same file, so results are idempotent.
 */
export interface DocumentLayout {
  pageCount: number;
  /** The blocks of each page's text layer; a scanned page's OCR text goes before them. */
  pages: Block[][];
  images: ExtractedImage[];
  scanPages: number[];
}

type RunOf = Pick<PdfProcessingJob, 'outputPrefix' | 'run'>;

const pagesFolder = (job: Pick<PdfProcessingJob, 'outputPrefix'>) => `${job.outputPrefix}pages/`;
export const runFolder = pdfRunFolder;
const layoutKey = (job: RunOf) => `${runFolder(job)}layout.json`;
export const pageTextKey = (job: RunOf, page: number) => `${runFolder(job)}page-${page}.txt`;

async function putUtf8(storage: ObjectStorage, key: string, body: string, type: string) {
  const bytes = Buffer.from(body, 'utf8');
  await storage.put(key, bytes, type, bytes.byteLength);
}

/** Page results of earlier runs of the document are of no use once a new run starts. */
export async function removeEarlierRuns(storage: ObjectStorage, job: RunOf): Promise<void> {
  const current = runFolder(job);
  const folders = new Set(
    (await storage.list(pagesFolder(job)))
      .filter((key) => !key.startsWith(current))
      .map((key) => key.slice(0, key.indexOf('/', pagesFolder(job).length) + 1)),
  );
  for (const folder of folders) await storage.removePrefix(folder);
}

export async function writeLayout(storage: ObjectStorage, job: RunOf, layout: DocumentLayout) {
  await putUtf8(storage, layoutKey(job), JSON.stringify(layout), 'application/json');
}

/** The run's layout, or null once the run's results are removed (assembled, or deleted). */
export async function readLayout(
  storage: ObjectStorage,
  job: RunOf,
): Promise<DocumentLayout | null> {
  const key = layoutKey(job);
  if (!(await storage.stat(key))) return null;
  return JSON.parse(await text(await storage.get(key))) as DocumentLayout;
}

/**
 * Once the run's outcome is sent its page results are of no use (the markdown holds them). The
 * layout goes first: an assembly run again finds none and ends, never writing a document
 * without the pages removed after it.
 */
export async function removeRun(storage: ObjectStorage, job: RunOf): Promise<void> {
  await storage.remove(layoutKey(job));
  await storage.removePrefix(runFolder(job));
}

/**
 * Whether the run still counts: its document is deleted once its upload is gone (the library
 * removes the uploads before the folders), superseded once the library marked it so.
 */
export async function runState(
  storage: ObjectStorage,
  job: RunOf & Pick<PdfProcessingJob, 'sourceKey'>,
): Promise<'current' | 'deleted' | 'superseded'> {
  if (!(await storage.stat(job.sourceKey))) return 'deleted';
  return (await storage.stat(pdfRunSupersededKey(job))) ? 'superseded' : 'current';
}

export async function writePageText(storage: ObjectStorage, job: RunOf, page: number, ocr: string) {
  await putUtf8(storage, pageTextKey(job, page), ocr, 'text/plain; charset=utf-8');
}

/** The page's OCR text, or null when no page job stored one. */
export async function readPageText(
  storage: ObjectStorage,
  job: RunOf,
  page: number,
): Promise<string | null> {
  const key = pageTextKey(job, page);
  if (!(await storage.stat(key))) return null;
  return text(await storage.get(key));
}

/** How many scanned pages of the run have their text stored. */
export async function pagesRead(storage: ObjectStorage, job: RunOf): Promise<number> {
  const keys = await storage.list(runFolder(job));
  return keys.filter((key) => /\/page-\d+\.txt$/.test(key)).length;
}
