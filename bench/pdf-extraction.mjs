// Benchmark: the PDF worker's text extraction. Prints, in one run on the same files:
//   1. pages per second of our extraction (pdf.js text + layout to markdown, images decoded,
//      no OCR) over the fixture corpus, against `pdftotext` (poppler-utils), and the ratio;
//   2. the time from enqueueing a 20-page text SOP (made here with pdf-lib) to `pdf.processed`
//      in the library inbox, through the real job handler, sandbox thread and BullMQ queues.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/pdf-extraction.mjs
//
// Needs the built worker and kit (`npx turbo run build`), Redis at REDIS_URL (default
// 127.0.0.1:6379) and pdftotext on the PATH. It works in a temp folder and a random Redis key
// prefix, and removes both at the end.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
const importDist = (file) => import(pathToFileURL(path.join(worker, 'dist', file)).href);

const { extractDocument } = await importDist('extraction/extract-document.js');
const { toMarkdown } = await importDist('extraction/markdown.js');
const { joinPages } = await importDist('extraction/structure.js');
const { createPdfJobHandler } = await importDist('pdf-worker.js');
const kit = await importFromWorker('@hub/kit');
const { QUEUES } = await importFromWorker('@hub/proto');
const { PDFDocument, StandardFonts } = await importFromWorker('pdf-lib');

const seconds = (/** @type {bigint} */ ns) => Number(ns) / 1e9;

async function corpusBenchmark() {
  const files = readdirSync(fixtures)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => ({ name, bytes: readFileSync(path.join(fixtures, name)) }));
  // Pages counted by our extraction; files it cannot read are left out of both timings.
  const readable = [];
  let ours = 0n;
  for (const file of files) {
    const started = process.hrtime.bigint();
    try {
      const result = await extractDocument(new Uint8Array(file.bytes), { ocr: false });
      toMarkdown(joinPages(result.pages));
      ours += process.hrtime.bigint() - started;
      readable.push({ ...file, pages: result.pageCount });
    } catch {
      // Damaged files fail fast and say nothing about throughput.
    }
  }
  let poppler = 0n;
  for (const file of readable) {
    const started = process.hrtime.bigint();
    await run('pdftotext', ['-q', '-layout', path.join(fixtures, file.name), '-'], {
      maxBuffer: 256 * 1024 * 1024,
    }).catch(() => undefined);
    poppler += process.hrtime.bigint() - started;
  }
  const pages = readable.reduce((sum, file) => sum + file.pages, 0);
  const oursRate = pages / seconds(ours);
  const popplerRate = pages / seconds(poppler);
  console.log(`corpus: ${readable.length} of ${files.length} files readable, ${pages} pages`);
  console.log(
    `  ours (pdf.js + layout):  ${oursRate.toFixed(1)} pages/s (${seconds(ours).toFixed(2)} s)`,
  );
  console.log(
    `  pdftotext -layout:       ${popplerRate.toFixed(1)} pages/s (${seconds(poppler).toFixed(2)} s)`,
  );
  console.log(`  ratio ours / pdftotext:  ${(oursRate / popplerRate).toFixed(2)}`);
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
    recognizer: null,
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
    const { deleteKeys } = await importFromWorker('@hub/kit/testing').catch(() => ({}));
    await deleteKeys?.(prefix).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  }
}

await corpusBenchmark();
await endToEndBenchmark();
