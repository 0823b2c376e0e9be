import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction/extract-document.ts';
import { renderPage } from '../extraction/render.ts';
import { ocrParagraphs } from './ocr-text.ts';
import { TextRecognizer } from './text-recognizer.ts';

const DPI = 200;
const LINES = ['Wash your hands before', 'entering the packing area.'];

/** A scanned page: text drawn as pixels at 200 dpi, embedded as an image, no text layer. */
async function scannedPagePdf(): Promise<Uint8Array> {
  const [widthIn, heightIn] = [6, 2];
  const canvas = createCanvas(widthIn * DPI, heightIn * DPI);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = `${Math.round((16 * DPI) / 72)}px sans-serif`;
  LINES.forEach((line, index) => context.fillText(line, 40, 110 + index * 80));
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([widthIn * 72, heightIn * 72]);
  const image = await pdf.embedPng(await canvas.encode('png'));
  page.drawImage(image, { x: 0, y: 0, width: widthIn * 72, height: heightIn * 72 });
  return pdf.save();
}

describe('OCR of a page without a text layer', () => {
  const recognizer = new TextRecognizer();
  afterAll(() => recognizer.stop());

  it('renders the scanned page and recognises its words', async () => {
    const pdf = await scannedPagePdf();
    const extraction = await extractDocument(pdf.slice(), { ocr: true, images: true });
    expect(extraction.scanPages).toEqual([1]);
    expect(extraction.figures).toEqual([]);
    const text = await recognizer.recognize(await renderPage(pdf.slice(), 1), 60_000);
    expect(ocrParagraphs(text)).toEqual([
      { kind: 'paragraph', text: 'Wash your hands before entering the packing area.' },
    ]);
    // The recognizer's own limit is 60 s; vitest's default 5 s is what a loaded machine missed.
  }, 60_000);
});

describe('ocrParagraphs', () => {
  it('splits paragraphs on blank lines and joins wrapped, hyphenated lines', () => {
    expect(ocrParagraphs('Store the sam-\nples cold.\n\n  \nLabel each box.\n')).toEqual([
      { kind: 'paragraph', text: 'Store the samples cold.' },
      { kind: 'paragraph', text: 'Label each box.' },
    ]);
  });
});
