import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type LibraryInboxMessage,
  libraryRpc,
  pdfJobId,
  QUEUES,
  type PdfProcessingJob,
} from '@hub/proto';
import { openQueue, RpcClient, startWorker } from '@hub/kit';
import { DocumentEntity } from '../../library/src/documents/document.entity.js';
import { QuizGeneration } from '../../library/src/processing/quiz-generation.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/** A document's processing runs as the library starts and ends them; no PDF worker runs here. */
let stack: TestStack;
let acme: number;
let ann: ApiSession;
let jobs: Queue<PdfProcessingJob>;
let rpc: RpcClient;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  ann = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
  jobs = openQueue(QUEUES.pdfProcessing, { url: stack.env.REDIS_URL!, prefix: stack.redisPrefix });
  rpc = new RpcClient(stack.env.REDIS_URL!, stack.redisPrefix);
});

afterAll(async () => {
  await jobs?.close();
  await rpc?.close();
  await stack?.stop();
});

async function uploadDocument(title: string): Promise<number> {
  const file = { name: `${title}.pdf`, data: sopPdf(COOLING_SOP) };
  return (await ann.uploadTo(api.uploadDocument, { title }, file)).id;
}

const documentView = (id: number) => ann.call(api.document, { params: { id } });

/** What the PDF worker stores and reports of a document's first run (OCR failed on a page, or not). */
function processedWithOcrError(documentId: number, ocrError: string | null) {
  return processedRun(documentId, 1, '# Cooling\n', ocrError);
}

/** What the PDF worker stores and reports of a run that read `markdown`. */
async function processedRun(
  documentId: number,
  run: number,
  markdown: string,
  ocrError: string | null = null,
) {
  const { outputPrefix } = (await jobs.getJob(pdfJobId(documentId, run)))!.data;
  const markdownKey = `${outputPrefix}content.md`;
  const textKey = `${outputPrefix}content.txt`;
  await stack.storage.put(markdownKey, Buffer.from(markdown), 'text/markdown');
  await stack.storage.put(textKey, Buffer.from(markdown), 'text/plain');
  await reportToInbox({
    kind: 'pdf.processed',
    documentId,
    run,
    markdownKey,
    textKey,
    pageCount: 3,
    images: [],
    ocrPages: 1,
    ocrError,
  });
  return { markdownKey, textKey };
}

/** A message of a worker to the library's inbox. */
async function reportToInbox(message: LibraryInboxMessage) {
  const inbox = openQueue(QUEUES.libraryInbox, {
    url: stack.env.REDIS_URL!,
    prefix: stack.redisPrefix,
  });
  await inbox.add(message.kind, message);
  await inbox.close();
}

/** The document as the library's row holds it now. */
const documentRow = (id: number) =>
  stack.library.dataSource.getRepository(DocumentEntity).findOneByOrFail({ id });

const uploadVersion = (id: number) =>
  ann.uploadTo(
    api.uploadDocumentVersion,
    { changeNote: 'Colder' },
    { name: 'cooling-v2.pdf', data: sopPdf(COOLING_SOP) },
    { params: { id } },
  );

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

  it('starts no evaluation from a read made before a new version began processing', async () => {
    const id = await uploadDocument('Regenerated cooling');
    await processedWithOcrError(id, null);
    // Processed, and its evaluation's generation started (no quiz worker runs here).
    await expect
      .poll(async () => (await documentView(id)).progress.stage)
      .toBe('generating_evaluation');
    // A regeneration (or the inbox's start after processing) read the document, then a new
    // version was uploaded before its start was written.
    const read = await documentRow(id);
    await uploadVersion(id);
    await new QuizGeneration(stack.library.dataSource, stack.library.quizQueue, rpc).start(read);
    const row = await documentRow(id);
    expect(row).toMatchObject({ currentVersion: 2, processingRun: 2, processingStage: 'queued' });
    expect(row.evaluationRun).toBe(read.evaluationRun);
  });

  it('keeps an SOP whose new version is processed or failed one for job functions and videos', async () => {
    const id = await uploadDocument('Cooling for cooks');
    const { textKey } = await processedWithOcrError(id, null);
    await expect.poll(async () => (await documentView(id)).sopProcessed).toBe(true);
    await uploadVersion(id);
    const forVideos = () =>
      rpc.call(libraryRpc.sopsForAnalysis, { organizationId: acme, documentIds: [id] });
    // Analysed against the text of the version processed last, while the new one is read.
    expect(await forVideos()).toEqual([{ sopId: id, sopTitle: 'Cooling for cooks', textKey }]);
    await reportToInbox({ kind: 'pdf.failed', documentId: id, run: 2, reason: 'Damaged.' });
    await expect.poll(async () => (await documentView(id)).processingError).toBe('Damaged.');
    expect(await forVideos()).toEqual([{ sopId: id, sopTitle: 'Cooling for cooks', textKey }]);
    const cook = await ann.call(api.createJobFunction, {
      body: { name: 'Cook', documentIds: [id] },
    });
    expect(cook.requiredSops.map((sop) => sop.documentId)).toEqual([id]);
  });

  it('asks again for the re-observation of a safety change the observation service missed', async () => {
    const id = await uploadDocument('Hot pans');
    const step = (gear: string) =>
      `# Hot pans\n\n## Safety\n\n1. Wear ${gear} when handling hot pans.\n`;
    await processedRun(id, 1, step('heat-resistant gloves'));
    await expect.poll(async () => (await documentView(id)).sopProcessed).toBe(true);
    await uploadVersion(id);
    const changes = (table: string) =>
      stack.sql.query(`SELECT version FROM observation.${table} WHERE document_id = $1`, [id]);
    // The observation service cannot record the change while the version's processing ends.
    await stack.sql.query(
      'ALTER TABLE observation.reobservation_changes RENAME TO reobservation_changes_away',
    );
    try {
      await processedRun(id, 2, step('heat-resistant gloves and an apron'));
      // The evaluation's generation starts once the version's follow-ups are done.
      await expect
        .poll(async () => (await documentRow(id)).processingStage)
        .toBe('generating_evaluation');
      expect((await changes('reobservation_changes_away')).rows).toEqual([]);
    } finally {
      await stack.sql.query(
        'ALTER TABLE observation.reobservation_changes_away RENAME TO reobservation_changes',
      );
    }
    await stack.library.sweeper.sweep();
    expect((await changes('reobservation_changes')).rows).toEqual([{ version: 2 }]);
  });
});
