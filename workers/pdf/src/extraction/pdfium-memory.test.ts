import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxPool } from '../sandbox/sandbox-pool.ts';
import { heavyTextPagePdf } from '../test-support/hostile-pdf.ts';
import { structuredSopPdf } from '../test-support/sop-pdf.ts';
import type { Extraction, ExtractionProgress } from './extract-document.ts';
import type { ExtractionInput } from './extraction-thread.ts';

const LIMIT_MB = 64;
/** Characters whose page loads in well under the limit, while its text needs several times it. */
const CHARACTERS = 500_000;

const entry = new URL('./extraction-thread.ts', import.meta.url);
let threads: SandboxPool<ExtractionInput, Extraction, ExtractionProgress>;
const read = (bytes: Uint8Array) => threads.run({ input: { bytes, ocr: false, images: true } });

beforeEach(() => {
  threads = new SandboxPool(entry, 1, { timeoutMs: 60_000, memoryMb: LIMIT_MB });
});
afterEach(() => threads.close());

describe("PDFium's heap in an extraction thread", { timeout: 120_000 }, () => {
  it('fails the document that outgrew the limit on its last page, not the next one', async () => {
    await expect(read(heavyTextPagePdf(CHARACTERS, false))).rejects.toMatchObject({
      errorName: 'PdfiumMemoryError',
    });
    expect((await read(await structuredSopPdf())).pageCount).toBe(1);
  });

  it('may not grow past the limit: a page asking for more fails at it', async () => {
    const failure = await read(heavyTextPagePdf(CHARACTERS, true)).catch((error: Error) => error);
    expect(failure).toMatchObject({ errorName: 'PdfiumMemoryError' });
    const reachedMb = Number(/(\d+) MB/.exec((failure as Error).message)?.[1]);
    expect(reachedMb).toBeLessThanOrEqual(LIMIT_MB);
  });
});
