import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAILURE_REASONS } from '@hub/proto/jobs';
import { degrees, PDFDocument, rgb } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFailure } from '../failures.ts';
import type { PageRenderInput } from '../pages/page-render-thread.ts';
import { SandboxFailure, SandboxPool } from '../sandbox/sandbox-pool.ts';
import { scannedPdf } from '../test-support/scanned-pdf.ts';
import { renderPage, renderSize } from './render.ts';

const RENDER_THREAD = new URL('../pages/page-render-thread.ts', import.meta.url);

/** The packages every module the render thread loads imports, its own modules followed. */
function packagesOf(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Type-only imports load nothing.
    for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*?'([^']+)';/gms)) {
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!));
      else packages.add(specifier!);
    }
  };
  visit(fileURLToPath(entry));
  return packages;
}

/** A blank page of `inches` square: at 200 dpi it is past the pixel cap, so drawn smaller. */
async function largePagePdf(inches: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([inches * 72, inches * 72]);
  return pdf.save();
}

const pngOf = (bytes: Uint8Array) => PNG.sync.read(Buffer.from(bytes));

describe('a scanned page drawn for OCR', () => {
  let threads: SandboxPool<PageRenderInput, Uint8Array, never> | undefined;
  afterEach(() => threads?.close());

  it('is drawn by PDFium: nothing the worker loads imports pdf.js or a canvas', () => {
    expect([...packagesOf(RENDER_THREAD.href)]).toContain('@embedpdf/pdfium');
    // The process and both kinds of threads it starts (their modules are not imported).
    const entries = ['../main.ts', './extraction-thread.ts', '../pages/page-render-thread.ts'];
    const packages = entries.flatMap((entry) => [
      ...packagesOf(new URL(entry, import.meta.url).href),
    ]);
    expect(packages.filter((name) => /pdfjs|canvas/.test(name))).toEqual([]);
  });

  it('is a PNG of the page at 200 dpi, its words dark on white', async () => {
    const pdf = await scannedPdf([['Wash your hands.']], { widthIn: 4, heightIn: 1.25 });
    const png = pngOf(await renderPage(pdf, 1));
    expect([png.width, png.height]).toEqual([800, 250]);
    const brightness = (x: number, y: number) => {
      const at = (y * png.width + x) * 4;
      return png.data[at]! + png.data[at + 1]! + png.data[at + 2]!;
    };
    expect(brightness(2, 2)).toBe(3 * 255);
    expect(png.data[3]).toBe(255);
    let dark = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) if (brightness(x, y) < 3 * 128) dark++;
    }
    expect(dark).toBeGreaterThan(500);
  });

  it("shows a form field's value, as a viewer (and pdf.js) drew it", async () => {
    // A form filled on screen: its values live in the fields' widgets, not the page's content.
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([288, 90]);
    const field = pdf.getForm().createTextField('name');
    field.setText('WASH YOUR HANDS');
    field.addToPage(page, { x: 0, y: 0, width: 288, height: 90, borderWidth: 0 });
    const png = pngOf(await renderPage(await pdf.save(), 1));
    let dark = 0;
    for (let at = 0; at < png.data.length; at += 4) if (png.data[at]! < 128) dark++;
    expect(dark).toBeGreaterThan(500);
    // Not tinted as an editor marks the fields: the field's corner is as white as the page.
    expect([...png.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
  });

  it('of a page turned by /Rotate is drawn turned', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([288, 90]);
    page.drawRectangle({ x: 0, y: 0, width: 20, height: 20, color: rgb(0, 0, 0) });
    page.setRotation(degrees(90));
    const png = pngOf(await renderPage(await pdf.save(), 1));
    expect([png.width, png.height]).toEqual([250, 800]);
    // The square at the bottom left of the unturned page is at the top left once turned.
    expect(png.data[(2 * png.width + 2) * 4]).toBe(0);
  });

  it('of a large page is capped at 16 million pixels', () => {
    expect(renderSize(612, 792)).toEqual({ width: 1700, height: 2200 });
    const { width, height } = renderSize(40 * 72, 40 * 72);
    expect([width, height]).toEqual([4000, 4000]);
  });

  it("fails as the memory failure past the thread's limit, and the next page is drawn", async () => {
    const limits = { timeoutMs: 60_000, memoryMb: 48 };
    threads = new SandboxPool(RENDER_THREAD, 1, limits);
    // 4,000 x 4,000 pixels of RGBA: PDFium's bitmap alone (61 MiB) is past the thread's 48.
    const large = await largePagePdf(40);
    const failure = await threads.run({ input: { bytes: large, page: 1 } }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SandboxFailure);
    expect(failure).toMatchObject({ kind: 'error', errorName: 'PdfiumMemoryError' });
    expect(describeFailure(failure, limits).message).toBe(
      'The document needs more memory than the 48 MB allowed for one file.',
    );
    // The instance that reached the limit was dropped: a fresh one draws the next page.
    const small = await scannedPdf([['Wash your hands.']], { widthIn: 4, heightIn: 1.25 });
    const png = pngOf(await threads.run({ input: { bytes: small, page: 1 } }));
    expect([png.width, png.height]).toEqual([800, 250]);
  }, 60_000);

  it('of a file PDFium cannot open fails as a damaged file', async () => {
    threads = new SandboxPool(RENDER_THREAD, 1, { timeoutMs: 60_000, memoryMb: 256 });
    const failure = await threads
      .run({ input: { bytes: new TextEncoder().encode('not a PDF'), page: 1 } })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toMatchObject({ kind: 'error', errorName: 'InvalidPDFException' });
    expect(describeFailure(failure, { timeoutMs: 60_000, memoryMb: 256 }).message).toBe(
      `The file is damaged and could not be read: ${FAILURE_REASONS.pdf_cause_not_pdf}`,
    );
  }, 60_000);
});
