import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { LocalDiskStorage } from '@hub/runtime';
import { FAILURE_REASONS, type LibraryInboxMessage, type PdfProcessingJob } from '@hub/proto';
import { UnrecoverableError, type Job } from 'bullmq';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createPdfJobHandler, type PdfWorkerDeps } from './pdf-worker.ts';
import { RGB_JPEG, jpegFiguresPdf } from './test-support/jpeg-pdf.ts';
import { structuredSopPdf } from './test-support/sop-pdf.ts';

const folder = mkdtempSync(join(tmpdir(), 'pdf-worker-'));
const storage = new LocalDiskStorage(folder);
let sent: LibraryInboxMessage[];
const deps = (overrides: Partial<PdfWorkerDeps['limits']> = {}): PdfWorkerDeps => ({
  storage,
  inbox: { add: async (_name, message) => sent.push(message) },
  ocr: null,
  limits: { timeoutMs: 60_000, memoryMb: 256, ...overrides },
});

const jobFor = (sourceKey: string, attemptsMade = 0) =>
  ({
    data: { documentId: 7, organizationId: 1, sourceKey, outputPrefix: 'org/1/docs/7/', run: 2 },
    attemptsMade,
    opts: { attempts: 3 },
  }) as unknown as Job<PdfProcessingJob>;

beforeEach(() => {
  sent = [];
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the pdf-processing job handler', () => {
  it('stores markdown, text and images and reports them to the library inbox', async () => {
    await storage.put('org/1/uploads/sop.pdf', Buffer.from(await structuredSopPdf()), 'x');
    await storage.put('org/1/docs/7/images/img-9.png', Buffer.from('stale'), 'image/png');

    expect(await createPdfJobHandler(deps())(jobFor('org/1/uploads/sop.pdf'))).toBe('processed');

    const processed = sent.at(-1);
    expect(processed).toEqual({
      kind: 'pdf.processed',
      documentId: 7,
      run: 2,
      markdownKey: 'org/1/docs/7/content.md',
      textKey: 'org/1/docs/7/content.txt',
      pageCount: 1,
      images: [
        { id: 'img-1', key: 'org/1/docs/7/images/img-1.png', page: 1, width: 64, height: 48 },
      ],
      ocrPages: 0,
      ocrError: null,
    });
    expect(await storage.list('org/1/docs/7/images/')).toEqual(['org/1/docs/7/images/img-1.png']);
    expect(await text(await storage.get('org/1/docs/7/content.md'))).toMatch(/^# Cold Storage/);
    expect(await text(await storage.get('org/1/docs/7/content.txt'))).toContain('Put on gloves');
    expect(sent.filter((m) => m.kind === 'pdf.progress').map((m) => m.stage)).toContain(
      'extracting',
    );
  });

  it('stores a JPEG figure as it is in the PDF, as img-N.jpg with image/jpeg', async () => {
    const pdf = await jpegFiguresPdf([{ jpeg: RGB_JPEG, colourSpace: 'DeviceRGB' }]);
    await storage.put('org/1/uploads/photo.pdf', Buffer.from(pdf), 'x');

    expect(await createPdfJobHandler(deps())(jobFor('org/1/uploads/photo.pdf'))).toBe('processed');

    const key = 'org/1/docs/7/images/img-1.jpg';
    expect(sent.at(-1)).toMatchObject({
      kind: 'pdf.processed',
      images: [{ id: 'img-1', key, page: 1, width: 64, height: 48 }],
    });
    expect(await storage.list('org/1/docs/7/images/')).toEqual([key]);
    expect(await storage.stat(key)).toMatchObject({ contentType: 'image/jpeg' });
    expect((await buffer(await storage.get(key))).equals(Buffer.from(RGB_JPEG))).toBe(true);
    expect(await text(await storage.get('org/1/docs/7/content.md'))).toContain('(img-1.jpg)');
  });

  it('fails a damaged file at once with a readable reason', async () => {
    await storage.put('org/1/uploads/bad.pdf', Buffer.from('%PDF-1.7\nnot really'), 'x');
    const handling = createPdfJobHandler(deps())(jobFor('org/1/uploads/bad.pdf'));
    await expect(handling).rejects.toBeInstanceOf(UnrecoverableError);
    expect(sent.at(-1)).toMatchObject({ kind: 'pdf.failed', documentId: 7, run: 2 });
    const failed = sent.at(-1) as { reason: string };
    expect(failed.reason).toMatch(/^The file is damaged and could not be read: .+\.$/);
  });

  it("fails an upload missing from storage in the catalog's words, not the disk's", async () => {
    const handling = createPdfJobHandler(deps())(jobFor('org/1/uploads/gone.pdf', 2));
    await expect(handling).rejects.toThrow();
    expect(sent.at(-1)).toMatchObject({
      kind: 'pdf.failed',
      reason: `The uploaded file could not be read from storage: ${FAILURE_REASONS.storage_read_missing}`,
    });
  });

  it('reads a good document after a damaged one in the same thread', async () => {
    await storage.put('org/1/uploads/bad.pdf', Buffer.from('%PDF-1.7\nnot really'), 'x');
    await storage.put('org/1/uploads/sop.pdf', Buffer.from(await structuredSopPdf()), 'x');
    const handle = createPdfJobHandler({ ...deps(), threads: 1 });
    await expect(handle(jobFor('org/1/uploads/bad.pdf'))).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
    expect(await handle(jobFor('org/1/uploads/sop.pdf'))).toBe('processed');
  });

  it('retries a missing upload and reports the failure on the last attempt only', async () => {
    const handle = createPdfJobHandler(deps());
    await expect(handle(jobFor('org/1/uploads/missing.pdf', 0))).rejects.not.toBeInstanceOf(
      UnrecoverableError,
    );
    expect(sent.filter((m) => m.kind === 'pdf.failed')).toEqual([]);
    await expect(handle(jobFor('org/1/uploads/missing.pdf', 2))).rejects.toThrow(/storage/);
    expect(sent.at(-1)).toMatchObject({ kind: 'pdf.failed' });
  });

  it('stops a document that takes longer than the time limit', async () => {
    await storage.put('org/1/uploads/slow.pdf', Buffer.from(await structuredSopPdf()), 'x');
    const handling = createPdfJobHandler(deps({ timeoutMs: 5 }))(jobFor('org/1/uploads/slow.pdf'));
    await expect(handling).rejects.toBeInstanceOf(UnrecoverableError);
    expect(sent.at(-1)).toMatchObject({
      kind: 'pdf.failed',
      reason: 'Processing took longer than 1 second.',
    });
  });
});

describe('an assembly that fails', () => {
  const pages = 'org/1/docs/7/pages/';
  /** Two scanned pages without a text layer: page 1 read as blank, page 2 never read. */
  async function storeRun() {
    await storage.put('org/1/uploads/scan.pdf', Buffer.from('%PDF-1.7'), 'x');
    const layout = { pageCount: 2, pages: [[], []], images: [], scanPages: [1, 2] };
    await storage.put(`${pages}run-2/layout.json`, Buffer.from(JSON.stringify(layout)), 'x');
    await storage.put(`${pages}run-2/page-1.txt`, Buffer.from(''), 'x');
  }

  const assembly = (attemptsMade: number, childFailures: () => Promise<Record<string, string>>) =>
    ({
      ...jobFor('org/1/uploads/scan.pdf', attemptsMade),
      data: { ...jobFor('org/1/uploads/scan.pdf').data, step: 'assemble' },
      moveToWaitingChildren: async () => false,
      getIgnoredChildrenFailures: childFailures,
    }) as unknown as Job<PdfProcessingJob>;

  it('keeps its page results for a retry, and removes them once failed for good', async () => {
    await storeRun();
    const handle = createPdfJobHandler(deps());
    const redisAway = async () => Promise.reject(new Error('Connection is closed'));
    await expect(handle(assembly(0, redisAway), 'token')).rejects.not.toBeInstanceOf(
      UnrecoverableError,
    );
    expect(await storage.list(pages)).toHaveLength(2);

    await expect(
      handle(
        assembly(1, async () => ({})),
        'token',
      ),
    ).rejects.toBeInstanceOf(UnrecoverableError);
    expect(sent.at(-1)).toEqual({
      kind: 'pdf.failed',
      documentId: 7,
      run: 2,
      reason: `The document has no text and OCR failed on page 2: ${FAILURE_REASONS.ocr_cause_no_result}`,
    });
    expect(await storage.list(pages)).toEqual([]);
  });
});
