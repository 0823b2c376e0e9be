import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf } from './pdfjs.ts';

/** A page with a bold title and a line of body text. */
async function titledPage(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Line clearance', { x: 72, y: 720, size: 16, font: bold });
  page.drawText('Check every station is clear.', { x: 72, y: 690, size: 11, font: regular });
  return pdf.save();
}

interface FontLike {
  name?: string;
}

/** What pdf.js handed over with the page's operators: its fonts and its glyph outlines. */
async function pageObjects(render: boolean) {
  const pdf = await openPdf(await titledPage(), { decodeImages: true, render });
  try {
    const page = await pdf.getPage(1);
    await page.getOperatorList();
    // Fonts reach `commonObjs` once pdf.js has loaded them, after the operators arrive.
    await page.getTextContent();
    const objects = [...page.commonObjs] as [string, unknown][];
    const outlines = objects.filter(([id]) => id.includes('_path_')).length;
    const fonts = objects
      .filter(([id]) => !id.includes('_path_'))
      .map(([, font]) => (font as FontLike).name ?? '')
      .sort();
    return { fonts, outlines };
  } finally {
    await pdf.destroy();
  }
}

// The first test loads pdf.js, seconds on a busy machine.
describe('opening a PDF with pdf.js', { timeout: 60_000 }, () => {
  it('for reading only, hands over the fonts without building glyph outlines', async () => {
    // The names are what tells bold text (headings) apart, see extract-document.ts.
    expect(await pageObjects(false)).toEqual({
      fonts: ['Helvetica', 'Helvetica-Bold'],
      outlines: 0,
    });
  });

  it('for rendering (OCR), builds the glyph outlines a canvas draws text with', async () => {
    const { fonts, outlines } = await pageObjects(true);
    expect(fonts).toEqual(['Helvetica', 'Helvetica-Bold']);
    expect(outlines).toBeGreaterThan(0);
  });
});
