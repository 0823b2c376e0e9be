import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const packageDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => join(packageDir, name) + '/';

/** Images above this many pixels are not decoded: they would not fit the memory limit. */
const MAX_IMAGE_PIXELS = 40_000_000;

export interface OpenOptions {
  /** Without images, pdf.js skips decoding them: text is read in a fraction of the time. */
  decodeImages: boolean;
}

/**
 * Opens a PDF with everything pdf.js needs (fonts, cmaps, decoders) read from its package, so
 * nothing is fetched, and without evaluating code from the file.
 */
export async function openPdf(bytes: Uint8Array, options: OpenOptions): Promise<PDFDocumentProxy> {
  const task = getDocument({
    data: bytes,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
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
  return task.promise;
}
