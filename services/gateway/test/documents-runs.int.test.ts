import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, pdfJobId, QUEUES, type PdfProcessingJob } from '@hub/proto';
import { openQueue, startWorker } from '@hub/kit';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/** A document's processing runs as the library starts and ends them; no PDF worker runs here. */
let stack: TestStack;
let ann: ApiSession;
let jobs: Queue<PdfProcessingJob>;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  ann = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
  jobs = openQueue(QUEUES.pdfProcessing, { url: stack.env.REDIS_URL!, prefix: stack.redisPrefix });
});

afterAll(async () => {
  await jobs?.close();
  await stack?.stop();
});

async function uploadDocument(title: string): Promise<number> {
  const file = { name: `${title}.pdf`, data: sopPdf(COOLING_SOP) };
  return (await ann.uploadTo(api.uploadDocument, { title }, file)).id;
}

const documentView = (id: number) => ann.call(api.document, { params: { id } });

/** What the PDF worker stores and reports of a document whose OCR failed on one page. */
async function processedWithOcrError(documentId: number, ocrError: string) {
  const { outputPrefix } = (await jobs.getJob(pdfJobId(documentId, 1)))!.data;
  const markdownKey = `${outputPrefix}content.md`;
  const textKey = `${outputPrefix}content.txt`;
  await stack.storage.put(markdownKey, Buffer.from('# Cooling\n'), 'text/markdown');
  await stack.storage.put(textKey, Buffer.from('Cooling'), 'text/plain');
  const inbox = openQueue(QUEUES.libraryInbox, {
    url: stack.env.REDIS_URL!,
    prefix: stack.redisPrefix,
  });
  await inbox.add('pdf.processed', {
    kind: 'pdf.processed',
    documentId,
    run: 1,
    markdownKey,
    textKey,
    pageCount: 3,
    images: [],
    ocrPages: 1,
    ocrError,
  });
  await inbox.close();
}

describe('processing runs of a document', () => {
  it('processes again a document whose OCR failed on a page', async () => {
    const id = await uploadDocument('Scanned cooling');
    const ocrError = 'OCR failed on page 2: the OCR engine stopped.';
    await processedWithOcrError(id, ocrError);
    await expect.poll(async () => (await documentView(id)).ocrError).toBe(ocrError);

    const retried = await ann.call(api.retryDocument, { params: { id } });
    expect(retried).toMatchObject({ ocrError: null, sopProcessed: false });
    expect(retried.progress.stage).toBe('queued');
    expect(await jobs.getJob(pdfJobId(id, 2))).toBeTruthy();
  });

  it('marks a run still under way superseded when a new version replaces it', async () => {
    const id = await uploadDocument('Versioned cooling');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // A PDF worker in the middle of the first version's run (its job locked, not removable).
    const worker = startWorker<PdfProcessingJob, void>(
      QUEUES.pdfProcessing,
      { url: stack.env.REDIS_URL!, prefix: stack.redisPrefix },
      async (job) => {
        if (job.data.documentId === id && job.data.run === 1) await held;
      },
    );
    try {
      await expect.poll(() => jobs.getJobState(pdfJobId(id, 1))).toBe('active');
      const { outputPrefix } = (await jobs.getJob(pdfJobId(id, 1)))!.data;
      await ann.uploadTo(
        api.uploadDocumentVersion,
        { changeNote: 'Colder' },
        { name: 'cooling-v2.pdf', data: sopPdf(COOLING_SOP) },
        { params: { id } },
      );
      expect(await stack.storage.stat(`${outputPrefix}pages/run-1/superseded`)).toBeTruthy();
    } finally {
      release();
      await worker.close();
    }
  });
});
