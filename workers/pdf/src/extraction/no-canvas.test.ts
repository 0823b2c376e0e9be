import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const noCanvas = new URL('./no-canvas.ts', import.meta.url).href;
const pdfjsPackage = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
const extractionThread = new URL('./extraction-thread.ts', import.meta.url).href;
const pdf = fileURLToPath(
  new URL('../../../../../shared/fixtures/pdfs/two_paragraphs.pdf', import.meta.url),
);

/**
 * The native libraries of a fresh process once an extraction thread of its own has read a PDF:
 * a process of its own, as the test runner's may have loaded the canvas for other files.
 */
const PROBE = `
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
const { PROBE_ENTRY: entry, PROBE_PDF: file } = process.env;
const thread = new Worker(new URL(entry));
const bytes = new Uint8Array(readFileSync(file));
thread.postMessage({ bytes, ocr: false, images: true }, [bytes.buffer]);
const answer = await new Promise((resolve) =>
  thread.on('message', (message) => message.type !== 'progress' && resolve(message)),
);
await thread.terminate();
console.log(JSON.stringify({ answer: answer.type, libraries: process.report.getReport().sharedObjects }));
`;

/** What a thread that loaded no-canvas.ts gets when pdf.js asks for the canvas, as pdf.js asks. */
function canvasInThread(): Promise<{ createCanvas: string; matrix: number[] }> {
  const code = `
    const { parentPort } = require('node:worker_threads');
    import(${JSON.stringify(noCanvas)}).then(() => {
      const canvas = require('node:module').createRequire(${JSON.stringify(pdfjsPackage)})('@napi-rs/canvas');
      const m = new canvas.DOMMatrix().scaleSelf(1 / 2, -1 / 4).translateSelf(0, -4);
      parentPort.postMessage({
        createCanvas: typeof canvas.createCanvas,
        matrix: [m.a, m.b, m.c, m.d, m.e, m.f],
      });
    });`;
  const thread = new Worker(code, { eval: true });
  return new Promise((resolve, reject) => {
    thread.once('message', (answer) => {
      void thread.terminate();
      resolve(answer);
    });
    thread.once('error', reject);
  });
}

interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  scaleSelf(sx: number, sy: number): Matrix;
  translateSelf(tx: number, ty: number): Matrix;
}

describe('the canvas in an extraction thread', () => {
  it('is a stand-in, not Skia, with the matrix of a Type 3 glyph as the canvas computes it', async () => {
    const { createCanvas, matrix } = await canvasInThread();
    expect(createCanvas).toBe('undefined');
    // (x, y) -> (x / 2, 1 - y / 4): the glyph's image mask of 2 x 4 pixels in its unit square.
    expect(matrix.map((value) => value + 0)).toEqual([0.5, 0, 0, -0.25, 0, 1]);
  });

  it.skipIf(!existsSync(pdf))('is never loaded by an extraction thread that reads a PDF', () => {
    const folder = mkdtempSync(join(tmpdir(), 'canvas-probe-'));
    const probe = join(folder, 'probe.mjs');
    writeFileSync(probe, PROBE);
    let output: string;
    try {
      output = execFileSync(process.execPath, [probe], {
        encoding: 'utf8',
        env: { ...process.env, PROBE_ENTRY: extractionThread, PROBE_PDF: pdf },
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const { answer, libraries } = JSON.parse(output) as { answer: string; libraries: string[] };
    expect(answer).toBe('result');
    expect(libraries.filter((library) => /skia|canvas/i.test(library))).toEqual([]);
  });

  it('is the real one where the hook is not loaded, computing the same matrix', () => {
    const canvas = createRequire(pdfjsPackage)('@napi-rs/canvas') as {
      createCanvas?: unknown;
      DOMMatrix: new () => Matrix;
    };
    expect(typeof canvas.createCanvas).toBe('function');
    const m = new canvas.DOMMatrix().scaleSelf(1 / 2, -1 / 4).translateSelf(0, -4);
    expect([m.a, m.b, m.c, m.d, m.e, m.f]).toEqual([0.5, 0, 0, -0.25, 0, 1]);
  });
});
