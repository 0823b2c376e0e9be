import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  getDocument,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import { inThreadWorker } from './in-thread-port.ts';
import { holdRendering, useJpegPassthrough } from './jpeg-passthrough.ts';

const packageDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => join(packageDir, name) + '/';

/** Images above this many pixels are not decoded: they would not fit the memory limit. */
const MAX_IMAGE_PIXELS = 40_000_000;

export interface OpenOptions {
  /** Without images, pdf.js skips decoding them: text is read in a fraction of the time. */
  decodeImages: boolean;
  /**
   * Whether pages may be drawn (OCR renders them; the default). Only then does pdf.js need each
   * glyph's outline, which it builds and posts for every glyph shown: a read that draws nothing
   * passes false.
   */
  render?: boolean;
}

/**
 * A font face that loads at once and draws nothing. pdf.js hands each font to the document's
 * font set as a `FontFace`, which Node lacks; without one (its default in Node,
 * `disableFontFace`) it compiles every glyph shown into a path for canvas drawing instead.
 */
class UnrenderedFontFace {
  readonly family: string;
  readonly loaded = Promise.resolve(this);

  constructor(family: string) {
    this.family = family;
  }

  load() {
    return this.loaded;
  }
}

/** Where pdf.js puts the faces of a document that is read, never drawn: nowhere. */
const UNRENDERED_DOCUMENT = { fonts: { add() {}, delete() {} } };

const fontOptions = (render: boolean) => {
  if (render) return { disableFontFace: true };
  // Installed once, and only where no real one exists (Node's threads): pdf.js looks it up
  // as a global when a font arrives.
  (globalThis as { FontFace?: unknown }).FontFace ??= UnrenderedFontFace;
  return { disableFontFace: false, ownerDocument: UNRENDERED_DOCUMENT };
};

/**
 * Opens a PDF with everything pdf.js needs (fonts, cmaps, decoders) read from its package, so
 * nothing is fetched, and without evaluating code from the file.
 */
export async function openPdf(bytes: Uint8Array, options: OpenOptions): Promise<PDFDocumentProxy> {
  const render = options.render ?? true;
  // Before any document: pdf.js looks for an ImageDecoder once and keeps the answer.
  useJpegPassthrough();
  // A read hands pdf.js's messages over without copies; OCR's drawing keeps pdf.js's own port.
  const worker = render ? undefined : await inThreadWorker();
  const task = getDocument({
    data: bytes,
    worker,
    ...fontOptions(render),
    useSystemFonts: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    // Every document says yes, as pdf.js keeps the first answer for all; one that draws is
    // refused by the decoder while it is open (holdRendering) and pdf.js decodes its JPEGs.
    isImageDecoderSupported: true,
    enableXfa: false,
    stopAtErrors: false,
    // 0 pixels: every image is over the limit, so pdf.js leaves it out of the page's operators.
    maxImageSize: options.decodeImages ? MAX_IMAGE_PIXELS : 0,
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: dataDir('standard_fonts'),
    wasmUrl: dataDir('wasm'),
    iccUrl: dataDir('iccs'),
    verbosity: 0,
  });
  return settle(task, worker ? () => worker.destroy() : holdRendering());
}

/**
 * The document, with `release` run once it is destroyed or could not be opened: the end of the
 * hold on JPEG decoding of a document that draws, or the in-thread worker pdf.js leaves open.
 */
function settle(task: PDFDocumentLoadingTask, release: () => void): Promise<PDFDocumentProxy> {
  // pdf.destroy() ends with its loading task's destroy.
  const destroy = task.destroy.bind(task);
  task.destroy = () => destroy().finally(release);
  return task.promise.catch((error: unknown) => {
    release();
    throw error;
  });
}
