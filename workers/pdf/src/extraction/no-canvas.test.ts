import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const noCanvas = new URL('./no-canvas.ts', import.meta.url).href;
const pdfjsPackage = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');

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
