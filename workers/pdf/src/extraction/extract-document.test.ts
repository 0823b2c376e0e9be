import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { structuredSopPdf } from '../test-support/sop-pdf.ts';
import { extractDocument, type Extraction } from './extract-document.ts';
import { toMarkdown, toPlainText } from './markdown.ts';
import { joinPages } from './structure.ts';

describe('extracting a structured SOP made with pdf-lib', () => {
  let extraction: Extraction;
  let markdown: string;

  beforeAll(async () => {
    extraction = await extractDocument(await structuredSopPdf(), { ocr: true, images: true });
    markdown = toMarkdown(joinPages(extraction.pages));
  });

  it('turns font sizes into heading levels relative to the body text', () => {
    expect(markdown).toMatch(/^# Cold Storage Handling$/m);
    expect(markdown).toMatch(/^## Purpose$/m);
    expect(markdown).toMatch(/^## Steps$/m);
  });

  it('joins wrapped lines and hyphenated words into one paragraph', () => {
    expect(markdown).toContain(
      'This procedure describes how chilled goods are received and stored so that the cold ' +
        'chain is never broken. Every operator working in the warehouse follows it on each shift.',
    );
  });

  it('keeps numbered steps as an ordered list and bullets as a list', () => {
    expect(markdown).toContain(
      '1. Put on gloves\n2. Check the temperature is 4 °C\n3. Record the reading in the log',
    );
    expect(markdown).toContain('- Insulated gloves\n- Probe thermometer');
  });

  it('writes aligned columns as a markdown table', () => {
    expect(markdown).toContain(
      '| Product | Maximum temperature |\n| --- | --- |\n| Dairy | 4 °C |\n| Frozen fish | -18 °C |',
    );
  });

  it('extracts the embedded image as PNG and references it where it appears', () => {
    expect(extraction.figures).toHaveLength(1);
    const [figure] = extraction.figures;
    expect(figure).toMatchObject({ imageNumber: 1, page: 1, format: 'png', width: 64, height: 48 });
    const png = PNG.sync.read(Buffer.from(figure!.bytes));
    expect([png.width, png.height]).toEqual([64, 48]);
    const reference = markdown.indexOf('![Figure 1 (page 1)](img-1.png)');
    expect(reference).toBeGreaterThan(markdown.indexOf('Frozen fish'));
    expect(reference).toBeLessThan(markdown.indexOf('Report any reading'));
  });

  it('needs no OCR for a page with a text layer', () => {
    expect(extraction.pageCount).toBe(1);
    expect(extraction.scanPages).toEqual([]);
  });

  it('writes plain text without markup for search', () => {
    const text = toPlainText(joinPages(extraction.pages));
    expect(text).toContain('Cold Storage Handling\n\nPurpose');
    expect(text).not.toContain('#');
    expect(text).not.toContain('img-1');
  });
});
