import { registerHooks } from 'node:module';

const CANVAS = '@napi-rs/canvas';
const STAND_IN = 'hub:no-canvas';

/**
 * What pdf.js takes from `@napi-rs/canvas` when it loads in Node: DOMMatrix, ImageData and
 * Path2D, which its drawing code uses. A thread that only reads documents (`render: false`:
 * text, operators, images) draws nothing; what runs there is a DOMMatrix made when the module
 * loads, and the 2D matrix the reader scales and translates for a Type 3 glyph drawn from an
 * image mask (`compileType3Glyph`), whose numbers it reads. A method not here fails loudly,
 * so the fixture corpus's snapshots would show a document read differently.
 */
const STAND_IN_SOURCE = `
class DOMMatrix {
  constructor(init = [1, 0, 0, 1, 0, 0]) {
    [this.a, this.b, this.c, this.d, this.e, this.f] = init;
  }
  scaleSelf(sx = 1, sy = sx) {
    this.a *= sx; this.b *= sx; this.c *= sy; this.d *= sy;
    return this;
  }
  translateSelf(tx = 0, ty = 0) {
    this.e += this.a * tx + this.c * ty;
    this.f += this.b * tx + this.d * ty;
    return this;
  }
}
class ImageData {}
class Path2D {}
module.exports = { DOMMatrix, ImageData, Path2D };
`;

/**
 * pdf.js loads `@napi-rs/canvas` whenever it is imported in Node, drawing or not: Skia, about
 * 10 MiB of each thread that loads it (docs/benchmarks.md, memory). An extraction thread
 * never draws (OCR's pages are drawn in threads of their own), so there pdf.js gets classes
 * that stand in for the canvas's instead. Imported before pdf.js; the hook is the thread's own.
 */
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === CANVAS) return { url: STAND_IN, format: 'commonjs', shortCircuit: true };
    return next(specifier, context);
  },
  load(url, context, next) {
    if (url === STAND_IN)
      return { format: 'commonjs', source: STAND_IN_SOURCE, shortCircuit: true };
    return next(url, context);
  },
});
