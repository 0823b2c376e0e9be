import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const packageDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => join(packageDir, name) + '/';

/** Images above this many pixels are not decoded: they would not fit the memory limit. */
const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Opens a PDF for drawing its pages (OCR; documents are read with PDFium, see pdfium.ts), with
 * everything pdf.js needs (fonts, cmaps, decoders) read from its package, so nothing is
 * fetched, and without evaluating code from the file.
 */
export function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({
    data: bytes,
    // Node has no FontFace: pdf.js builds each glyph's outline for the canvas instead.
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: dataDir('standard_fonts'),
    wasmUrl: dataDir('wasm'),
    iccUrl: dataDir('iccs'),
    verbosity: 0,
  }).promise;
}
