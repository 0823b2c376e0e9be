// Benchmark: one scanned SOP read as page jobs (issue #49 point 1). Prints, in one run on the same
// file, the time from enqueueing a 50-page scanned PDF to `pdf.processed` in the library inbox,
// through the real job handler, render threads, OCR engines and BullMQ queues, with the worker's
// concurrency 1 (the baseline: one page at a time, as the whole document's job read them before)
// and 2 (both cores), alternating for --rounds rounds, and the speed-up of the medians.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/pdf-pages.mjs [--pages 50] [--rounds 1] [--first 10]
//
// The scanned PDF is made here: pages --first.. of the fixture book freeculture.pdf
// (../shared/fixtures/pdfs beside the repository) rendered at 200 dpi by the worker's own renderer, each embedded as
// one image with no text layer (pdf-lib), so every page goes through OCR. Needs the built worker
// (`npx turbo run build --filter=@hub/pdf-worker...`: the worker, proto and runtime) and Redis at REDIS_URL (default
// 127.0.0.1:6379). It works in a temp folder and a random Redis key prefix, and removes both.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixture = path.join(repoRoot, '../shared/fixtures/pdfs/freeculture.pdf');
const worker = path.join(repoRoot, 'workers/pdf');

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '1' },
    first: { type: 'string', default: '10' },
  },
});
const PAGES = Number(values.pages);
const ROUNDS = Number(values.rounds);
const FIRST = Number(values.first);

/**
 * Imports a package as the pdf worker would (the bench is no workspace).
 * @param {string} name
 */
async function importFromWorker(name) {
  const require = createRequire(path.join(worker, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(worker, 'dist', file)).href);

const { createPdfJobHandler } = await importDist('pdf-worker.js');
const { renderPage } = await importDist('extraction/render.js');
const { RecognizerPool } = await importDist('ocr/recognizer-pool.js');
const kit = await importFromWorker('@hub/runtime');
const { QUEUE_CONTRACTS } = await importFromWorker('@hub/proto');
const { PDFDocument } = await importFromWorker('pdf-lib');

/**
 * The fixture's pages `first`.. as a scanned PDF: one 200 dpi image a page, no text layer.
 * @param {number} first
 * @param {number} count
 */
async function scannedFixture(first, count) {
  const source = new Uint8Array(readFileSync(fixture));
  const pdf = await PDFDocument.create();
  for (let page = first; page < first + count; page++) {
    const png = await renderPage(new Uint8Array(source), page);
    const image = await pdf.embedPng(png);
    // 200 dpi: the page keeps its size in points.
    const width = (image.width * 72) / 200;
    const height = (image.height * 72) / 200;
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await pdf.save());
}

const median = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const folder = mkdtempSync(path.join(tmpdir(), 'bench-pdf-pages-'));
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `bench:${randomBytes(6).toString('hex')}:`;
const connection = { url, prefix };
const storage = new kit.LocalDiskStorage(folder);
const jobs = kit.openQueue(QUEUE_CONTRACTS.pdfProcessing, connection);
const inbox = kit.openQueue(QUEUE_CONTRACTS.libraryInbox, connection);
let documentId = 0;

/**
 * Seconds from enqueueing the document to its `pdf.processed`, with a worker of `concurrency`
 * job slots (as many render threads and OCR engines), started and warmed up beforehand.
 * @param {number} concurrency
 * @param {string} sourceKey
 */
async function timeDocument(concurrency, sourceKey) {
  const recognizer = new RecognizerPool(concurrency);
  const handle = createPdfJobHandler({
    storage,
    inbox,
    ocr: { recognizer, pages: jobs },
    limits: { timeoutMs: 300_000, memoryMb: 512 },
    threads: concurrency,
  });
  const pdfWorker = kit.startWorker(QUEUE_CONTRACTS.pdfProcessing, connection, handle, {
    concurrency,
  });
  try {
    await pdfWorker.waitUntilReady();
    // Warm-up: every OCR engine and thread started, as on a worker that has been running.
    await processed('org/1/uploads/warm-up.pdf');
    return await processed(sourceKey);
  } finally {
    await pdfWorker.close();
    await recognizer.stop();
  }
}

/** @param {string} sourceKey */
async function processed(sourceKey) {
  documentId += 1;
  const id = documentId;
  const started = performance.now();
  await kit.addFairly(jobs, 'process', {
    documentId: id,
    organizationId: 1,
    sourceKey,
    outputPrefix: `org/1/docs/${id}/`,
    run: 1,
  });
  for (;;) {
    /** @type {{ kind: string, documentId: number }[]} */
    const messages = (await inbox.getJobs(['waiting', 'prioritized'], 0, -1)).map(
      (/** @type {{ data: { kind: string, documentId: number } }} */ job) => job.data,
    );
    const end = messages.find((one) => one.documentId === id && one.kind !== 'pdf.progress');
    if (end?.kind === 'pdf.processed') return (performance.now() - started) / 1000;
    if (end) throw new Error(`document ${id}: ${JSON.stringify(end)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

try {
  console.log(`making a ${PAGES}-page scanned PDF from freeculture.pdf pages ${FIRST}..`);
  await storage.put('org/1/uploads/sop.pdf', await scannedFixture(FIRST, PAGES), 'x');
  await storage.put('org/1/uploads/warm-up.pdf', await scannedFixture(FIRST, 2), 'x');
  /** @type {Record<number, number[]>} */
  const times = { 1: [], 2: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const concurrency of [1, 2]) {
      const seconds = await timeDocument(concurrency, 'org/1/uploads/sop.pdf');
      times[concurrency]?.push(seconds);
      console.log(`round ${round}, concurrency ${concurrency}: ${seconds.toFixed(1)} s`);
    }
  }
  const one = median(times[1] ?? []);
  const two = median(times[2] ?? []);
  console.log(
    `${PAGES}-page scanned SOP, enqueue -> pdf.processed: concurrency 1 ${one.toFixed(1)} s ` +
      `(${(one / PAGES).toFixed(2)} s/page), concurrency 2 ${two.toFixed(1)} s: ` +
      `${(one / two).toFixed(2)}x faster (target >= 1.7x)`,
  );
} finally {
  await Promise.all([jobs.close(), inbox.close()]);
  const { deleteKeys } = await importFromWorker('@hub/testing').catch(() => ({}));
  await deleteKeys?.(prefix).catch(() => undefined);
  rmSync(folder, { recursive: true, force: true });
  process.exit(0);
}
