import { describe, expect, it } from 'vitest';
import { passwordProtectedPdf } from '../test-support/encrypted-pdf.ts';
import { structuredSopPdf } from '../test-support/sop-pdf.ts';
import { extractDocument } from './extract-document.ts';

const read = (bytes: Uint8Array) => extractDocument(bytes, { ocr: false, images: true });

// The worker's failure reasons read these names (failures.ts), as they read pdf.js's before.
describe('a file PDFium cannot open', { timeout: 60_000 }, () => {
  it('is refused as PasswordException when it needs a password', async () => {
    await expect(read(passwordProtectedPdf())).rejects.toMatchObject({
      name: 'PasswordException',
    });
  });

  it('is refused as InvalidPDFException when it is no PDF', async () => {
    await expect(read(Buffer.from('not a pdf at all'))).rejects.toMatchObject({
      name: 'InvalidPDFException',
      message: 'Invalid PDF structure',
    });
  });

  it('leaves the thread reading the next document', async () => {
    await expect(read(Buffer.from('%PDF-1.7\ntruncated'))).rejects.toThrow();
    expect((await read(await structuredSopPdf())).pageCount).toBe(1);
  });
});
