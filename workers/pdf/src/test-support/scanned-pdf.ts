import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

const DPI = 200;

/**
 * A scanned document: each page the given lines drawn as pixels at 200 dpi, embedded as one
 * image, with no text layer, so the PDF worker has to OCR every page. Pages are `widthIn` x
 * `heightIn` inches (a small page reads in well under a second).
 */
export async function scannedPdf(
  pages: string[][],
  { widthIn = 6, heightIn = 4 }: { widthIn?: number; heightIn?: number } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const lines of pages) {
    const canvas = createCanvas(widthIn * DPI, heightIn * DPI);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#000000';
    context.font = `${Math.round((14 * DPI) / 72)}px sans-serif`;
    lines.forEach((line, index) => context.fillText(line, 40, 90 + index * 70));
    const page = pdf.addPage([widthIn * 72, heightIn * 72]);
    const image = await pdf.embedPng(await canvas.encode('png'));
    page.drawImage(image, { x: 0, y: 0, width: widthIn * 72, height: heightIn * 72 });
  }
  return pdf.save();
}
