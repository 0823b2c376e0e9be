import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const packageDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => join(packageDir, name) + '/';

/** Images above this many pixels are not decoded: they would not fit the memory limit. */
const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Opens a PDF with pdf.js, for tests only: the gateway's certification test reads the text of
 * the certificates it is sent with it. The worker reads and draws documents with PDFium (see
 * pdfium.ts, render.ts); nothing it runs imports this module. Everything pdf.js needs (fonts,
 * cmaps, decoders) is read from its package, so nothing is fetched, and no code from the file
 * is evaluated.
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
