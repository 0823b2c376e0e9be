import { PNG } from 'pngjs';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** A small opaque PNG with a colour gradient (no two rows alike), for an embedded figure. */
export function gradientPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 4;
      png.data[offset] = (x * 255) / width;
      png.data[offset + 1] = (y * 255) / height;
      png.data[offset + 2] = 128;
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Writes lines top-down on a page, as a word processor would lay out an SOP. */
export class PageWriter {
  y: number;
  readonly page: PDFPage;
  private readonly fonts: { regular: PDFFont; bold: PDFFont };

  constructor(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }) {
    this.page = page;
    this.fonts = fonts;
    this.y = page.getHeight() - 72;
  }

  line(text: string, size = 11, options: { x?: number; bold?: boolean; gapAfter?: number } = {}) {
    this.page.drawText(text, {
      x: options.x ?? 72,
      y: this.y,
      size,
      font: options.bold ? this.fonts.bold : this.fonts.regular,
    });
    this.y -= size * 1.3 + (options.gapAfter ?? 0);
  }

  gap(points: number) {
    this.y -= points;
  }
}

export async function newSopDocument() {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const addPage = () => new PageWriter(pdf.addPage([612, 792]), fonts);
  return { pdf, addPage };
}

/** One page with a title, headings, paragraphs, a numbered list, bullets, a table and a figure. */
export async function structuredSopPdf(): Promise<Uint8Array> {
  const { pdf, addPage } = await newSopDocument();
  const writer = addPage();
  writer.line('Cold Storage Handling', 26, { gapAfter: 10 });
  writer.line('Purpose', 16, { gapAfter: 4 });
  writer.line('This procedure describes how chilled goods are received and stored so that the');
  writer.line('cold chain is never broken. Every operator working in the ware-');
  writer.line('house follows it on each shift.', 11, { gapAfter: 10 });
  writer.line('Steps', 16, { gapAfter: 4 });
  writer.line('1. Put on gloves');
  writer.line('2. Check the temperature is 4 °C');
  writer.line('3. Record the reading in the log', 11, { gapAfter: 10 });
  writer.line('Equipment', 16, { gapAfter: 4 });
  writer.line('• Insulated gloves');
  writer.line('• Probe thermometer', 11, { gapAfter: 10 });
  writer.line('Limits', 16, { gapAfter: 4 });
  for (const [item, limit] of [
    ['Product', 'Maximum temperature'],
    ['Dairy', '4 °C'],
    ['Frozen fish', '-18 °C'],
  ] as const) {
    writer.line(item, 11, { x: 72 });
    writer.y += 11 * 1.3;
    writer.line(limit, 11, { x: 300 });
  }
  writer.gap(10);
  const image = await pdf.embedPng(gradientPng(64, 48));
  writer.page.drawImage(image, { x: 72, y: writer.y - 96, width: 128, height: 96 });
  writer.gap(110);
  writer.line('Report any reading above the limit to the shift supervisor at once.');
  return pdf.save();
}
