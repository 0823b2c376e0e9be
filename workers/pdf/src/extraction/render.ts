import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPdf } from './pdfjs.ts';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/** OCR reads best at about 200 dpi; PDF units are 1/72 inch. */
const OCR_SCALE = 200 / 72;
/** Larger pages are rendered at a lower resolution so one page stays a few tens of MB. */
const MAX_PIXELS = 16_000_000;

/** The @napi-rs/canvas objects pdf.js creates through its canvas factory in Node. */
interface NodeCanvas {
  width: number;
  height: number;
  encode(format: 'png'): Promise<Uint8Array>;
}

interface CanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
  destroy(entry: { canvas: NodeCanvas; context: unknown }): void;
}

export function renderScale(width: number, height: number): number {
  const pixels = width * height * OCR_SCALE * OCR_SCALE;
  return pixels > MAX_PIXELS ? Math.sqrt(MAX_PIXELS / (width * height)) : OCR_SCALE;
}

/** Renders a page as a PNG on white, for OCR. */
export async function renderPagePng(
  pdf: PDFDocumentProxy,
  page: PDFPageProxy,
): Promise<Uint8Array> {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: renderScale(base.width, base.height) });
  const factory = pdf.canvasFactory as CanvasFactory;
  const entry = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    await page.render({
      canvas: entry.canvas as unknown as RenderParameters['canvas'],
      canvasContext: entry.context as RenderParameters['canvasContext'],
      viewport,
    }).promise;
    return new Uint8Array(await entry.canvas.encode('png'));
  } finally {
    factory.destroy(entry);
  }
}

/** One page of a PDF rendered as a PNG for OCR; throws pdf.js errors for unreadable files. */
export async function renderPage(bytes: Uint8Array, pageNumber: number): Promise<Uint8Array> {
  const pdf = await openPdf(bytes);
  try {
    const page = await pdf.getPage(pageNumber);
    const png = await renderPagePng(pdf, page);
    page.cleanup();
    return png;
  } finally {
    await pdf.destroy();
  }
}
