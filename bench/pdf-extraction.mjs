// Benchmark: the PDF worker's text extraction. Prints, in one run on the same files:
//   1. pages per second of our extraction over the fixture corpus, medians of 3 rounds, through
//      the job handler's pool of extraction threads (one per core, all documents handed over at
//      once as a queue of jobs with that concurrency would): the whole extraction (text, layout to
//      markdown, figures decoded and encoded as PNG, no OCR) and the text-only path; against
//      `pdftotext -layout` (poppler-utils) one file at a time and one per core; and the ratios;
//   2. the time from enqueueing a 20-page text SOP (made here with pdf-lib) to `pdf.processed`
//      in the library inbox, through the real job handler, sandbox thread and BullMQ queues.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/pdf-extraction.mjs
//
// Needs the built worker and kit (`npx turbo run build`), Redis at REDIS_URL (default
// 127.0.0.1:6379) and pdftotext on the PATH. PDF_WORKER_DIST names another build of the worker
// (a copy of an earlier `workers/pdf/dist`, kept inside `workers/pdf` so its packages resolve),
// to run builds before and after a change one after the other on the same machine. It works in
// a temp folder and a random Redis key prefix, and removes both at the end.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixtures = path.join(repoRoot, '../shared/fixtures/pdfs');
const worker = path.join(repoRoot, 'workers/pdf');
const run = promisify(execFile);

/**
 * Imports a package as the pdf worker would (the bench is no workspace).
 * @param {string} name
 */
async function importFromWorker(name) {
  const require = createRequire(path.join(worker, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

/** @param {string} file */
const importDist = (file) =>
  import(
    pathToFileURL(path.join(process.env.PDF_WORKER_DIST ?? path.join(worker, 'dist'), file)).href
  );

const { toMarkdown } = await importDist('extraction/markdown.js');
const { joinPages } = await importDist('extraction/structure.js');
const { createPdfJobHandler, openExtractionThreads } = await importDist('pdf-worker.js');
const kit = await importFromWorker('@hub/kit');
const { QUEUES } = await importFromWorker('@hub/proto');
const { PDFDocument, StandardFonts } = await importFromWorker('pdf-lib');

const seconds = (/** @type {bigint} */ ns) => Number(ns) / 1e9;

/** CPU seconds of this process, every thread included (less sensitive to other load than time). */
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** CPU seconds of the child processes that have ended (Linux: cutime and cstime, fields 16-17 of
 * /proc/self/stat, in ticks of 1/100 s). */
const childrenCpu = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) / 100;
};

const ROUNDS = 3;
const cores = availableParallelism();

/** @param {number[]} values */
const median = (values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Runs `task` on every item, at most `limit` at a time.
 * @template T
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<unknown>} task
 */
async function eachAtMost(items, limit, task) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(/** @type {T} */ (items[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Seconds to extract every file through the pool and write its markdown; the names of the files
 * that could not be read.
 * @param {{ run: Function }} threads
 * @param {{ name: string, bytes: Buffer, pages?: number }[]} files
 * @param {boolean} images
 */
async function extractAll(threads, files, images) {
  /** @type {string[]} */
  const unreadable = [];
  const cpuBefore = ownCpu();
  const started = process.hrtime.bigint();
  await Promise.all(
    files.map(async (file) => {
      // A copy of its own, moved to the thread, as the job handler does with a download.
      const bytes = new Uint8Array(file.bytes);
      try {
        const result = await threads.run({
          input: { bytes, ocr: false, images },
          transfer: [bytes.buffer],
        });
        toMarkdown(joinPages(result.pages));
        file.pages = result.pageCount;
      } catch {
        unreadable.push(file.name);
      }
    }),
  );
  const elapsed = seconds(process.hrtime.bigint() - started);
  return { seconds: elapsed, cpu: ownCpu() - cpuBefore, unreadable };
}

/**
 * @param {{ name: string }[]} files
 * @param {number} parallel
 */
async function pdftotextAll(files, parallel) {
  const cpuBefore = childrenCpu();
  const started = process.hrtime.bigint();
  await eachAtMost(files, parallel, (file) =>
    run('pdftotext', ['-q', '-layout', path.join(fixtures, file.name), '-'], {
      maxBuffer: 256 * 1024 * 1024,
    }).catch(() => undefined),
  );
  return { seconds: seconds(process.hrtime.bigint() - started), cpu: childrenCpu() - cpuBefore };
}

async function corpusBenchmark() {
  /** @type {{ name: string, bytes: Buffer, pages?: number }[]} */
  const files = readdirSync(fixtures)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => ({ name, bytes: readFileSync(path.join(fixtures, name)) }));
  const threads = openExtractionThreads(cores, { timeoutMs: 300_000, memoryMb: 512 });
  // The warm-up starts the threads, as a running worker has them, and finds the files pdf.js
  // cannot read: damaged files fail fast and say nothing about throughput, so they are left out
  // of every timing.
  const warmUp = await extractAll(threads, files, true);
  const readable = files.filter((file) => !warmUp.unreadable.includes(file.name));
  const pages = readable.reduce((sum, file) => sum + (file.pages ?? 0), 0);
  /** @type {{ whole: number[], text: number[], poppler: number[], popplerParallel: number[] }} */
  const rates = { whole: [], text: [], poppler: [], popplerParallel: [] };
  /** @type {{ whole: number[], text: number[], poppler: number[] }} CPU milliseconds per page */
  const cpu = { whole: [], text: [], poppler: [] };
  /**
   * @param {'whole' | 'text' | 'poppler' | 'popplerParallel'} name
   * @param {{ seconds: number, cpu: number }} measured
   */
  const record = (name, measured) => {
    rates[name].push(pages / measured.seconds);
    if (name !== 'popplerParallel') cpu[name].push((measured.cpu * 1000) / pages);
  };
  for (let round = 0; round < ROUNDS; round++) {
    record('whole', await extractAll(threads, readable, true));
    record('text', await extractAll(threads, readable, false));
    record('poppler', await pdftotextAll(readable, 1));
    record('popplerParallel', await pdftotextAll(readable, cores));
  }
  await threads.close();
  const line = (/** @type {string} */ label, /** @type {number[]} */ values) =>
    console.log(
      `  ${label.padEnd(44)} ${median(values).toFixed(1).padStart(7)} pages/s` +
        `  (rounds: ${values.map((value) => value.toFixed(1)).join(', ')})`,
    );
  const ratio = (/** @type {number[]} */ ours, /** @type {number[]} */ theirs) =>
    median(ours.map((value, round) => value / (theirs[round] ?? Number.NaN))).toFixed(2);
  console.log(
    `corpus: ${readable.length} of ${files.length} files readable, ${pages} pages; ` +
      `${cores} extraction threads; medians of ${ROUNDS} rounds`,
  );
  line('ours, whole (text, layout, figures as PNG)', rates.whole);
  line('ours, text only (text, layout)', rates.text);
  line('pdftotext -layout, one file at a time', rates.poppler);
  line(`pdftotext -layout, ${cores} files at a time`, rates.popplerParallel);
  console.log(
    `  ratio whole / pdftotext (one at a time):     ${ratio(rates.whole, rates.poppler)}`,
  );
  console.log(`  ratio text only / pdftotext (one at a time): ${ratio(rates.text, rates.poppler)}`);
  console.log(
    `  ratio whole / pdftotext (${cores} at a time):       ${ratio(rates.whole, rates.popplerParallel)}`,
  );
  console.log(
    `  ratio text only / pdftotext (${cores} at a time):   ${ratio(rates.text, rates.popplerParallel)}`,
  );
  const perPage = (/** @type {'whole' | 'text' | 'poppler'} */ name) =>
    `${median(cpu[name]).toFixed(1)} ms`;
  console.log(
    `  CPU per page (all threads, medians): whole ${perPage('whole')}, text only ` +
      `${perPage('text')}, pdftotext ${perPage('poppler')}`,
  );
}

/** A 20-page SOP in Helvetica: a heading, steps and paragraphs on each page. */
async function twentyPageSop() {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let number = 1; number <= 20; number++) {
    const page = pdf.addPage([612, 792]);
    let y = 720;
    const line = (/** @type {string} */ text, size = 11, font = regular) => {
      page.drawText(text, { x: 72, y, size, font });
      y -= size * 1.4;
    };
    line(`Section ${number}: Line clearance`, 16, bold);
    for (let step = 1; step <= 8; step++)
      line(`${step}. Check station ${step} is clear and signed off`);
    y -= 10;
    for (let row = 0; row < 25; row++) {
      line('Operators confirm that every item of the previous batch has been removed from the');
    }
  }
  return Buffer.from(await pdf.save());
}

async function endToEndBenchmark() {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-pdf-'));
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench:${randomBytes(6).toString('hex')}:`;
  const connection = { url, prefix };
  const storage = new kit.LocalDiskStorage(folder);
  const jobs = kit.openQueue(QUEUES.pdfProcessing, connection);
  const inbox = kit.openQueue(QUEUES.libraryInbox, connection);
  const handle = createPdfJobHandler({
    storage,
    inbox,
    ocr: null,
    limits: { timeoutMs: 300_000, memoryMb: 512 },
  });
  const pdfWorker = kit.startWorker(QUEUES.pdfProcessing, connection, handle);
  try {
    await pdfWorker.waitUntilReady();
    await storage.put('org/1/uploads/sop.pdf', await twentyPageSop(), 'application/pdf');
    const started = process.hrtime.bigint();
    await jobs.add('pdf', {
      documentId: 1,
      organizationId: 1,
      sourceKey: 'org/1/uploads/sop.pdf',
      outputPrefix: 'org/1/docs/1/',
      run: 1,
    });
    let processed = null;
    while (!processed && seconds(process.hrtime.bigint() - started) < 120) {
      const waiting = await inbox.getJobs(['waiting'], 0, -1);
      processed =
        waiting.find(
          (/** @type {{ data: { kind: string } }} */ job) => job.data.kind !== 'pdf.progress',
        )?.data ?? null;
      if (!processed) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const elapsed = seconds(process.hrtime.bigint() - started);
    console.log(
      `20-page SOP, enqueue -> ${processed?.kind ?? 'no answer'}: ${(elapsed * 1000).toFixed(0)} ms`,
    );
  } finally {
    await pdfWorker.close();
    await Promise.all([jobs.close(), inbox.close()]);
    const { deleteKeys } = await importFromWorker('@hub/testing').catch(() => ({}));
    await deleteKeys?.(prefix).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  }
}

await corpusBenchmark();
await endToEndBenchmark();
