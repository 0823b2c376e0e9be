import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  type LibraryInboxMessage,
  libraryRpc,
  pdfJobId,
  QUEUES,
  type PdfProcessingJob,
  quizJobId,
} from '@hub/proto';
import { openQueue, type RpcClient, startWorker } from '@hub/kit';
import type { AcknowledgementRequests } from '../../library/src/acknowledgements/acknowledgement-requests.js';
import { DocumentEntity } from '../../library/src/documents/document.entity.js';
import type { LibraryInbox } from '../../library/src/processing/library-inbox.js';
import { QuizGeneration } from '../../library/src/processing/quiz-generation.js';
import {
  libraryInbox,
  type PlayedLibrary,
  quizGenerated,
  storedRun as storedRunOf,
} from './library-inbox.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/** A document's processing runs as the library starts and ends them; no PDF worker runs here. */
let stack: TestStack;
let acme: number;
let ann: ApiSession;
let otto: ApiSession;
let played: PlayedLibrary;
let jobs: Queue<PdfProcessingJob>;
let rpc: RpcClient;
let inbox: LibraryInbox;
let acknowledgements: AcknowledgementRequests;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'otto@acme.test',
    password: 'Acme-Operator-1',
    role: 'operator',
    organizationId: acme,
  });
  ann = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
  otto = await signedIn(stack, 'otto@acme.test', 'Acme-Operator-1');
  played = libraryInbox(stack);
  ({ inbox, acknowledgements, jobs, rpc } = played);
});

afterAll(async () => {
  await played?.close();
  await stack?.stop();
});

async function uploadDocument(title: string): Promise<number> {
  const file = { name: `${title}.pdf`, data: sopPdf(COOLING_SOP) };
  return (await ann.uploadTo(api.uploadDocument, { title }, file)).id;
}

const documentView = (id: number) => ann.call(api.document, { params: { id } });

/** What the PDF worker stores of a run that read `markdown`, and the message it reports. */
const storedRun = (
  documentId: number,
  run: number,
  markdown: string,
  ocrError: string | null = null,
) => storedRunOf(stack, jobs, documentId, run, markdown, { pageCount: 3, ocrPages: 1, ocrError });

/** A document processed by `inbox` and its evaluation generated and published. */
async function publishedSop(title: string, markdown: string, ocrError: string | null = null) {
  const id = await uploadDocument(title);
  await inbox.handle(await storedRun(id, 1, markdown, ocrError));
  await inbox.handle(quizGenerated(id, 1, 'When must cooked food be cooled?'));
  await ann.call(api.publishEvaluation, { params: { id } });
  return id;
}

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
  const message = await storedRun(documentId, run, markdown, ocrError);
  await reportToInbox(message);
  return message;
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

  it('generates again, without reading the PDF again, an evaluation that failed beside an OCR error', async () => {
    const id = await uploadDocument('Scanned chilling');
    const ocrError = 'OCR failed on page 2: the OCR engine stopped.';
    await inbox.handle(await storedRun(id, 1, '# Chilling\n', ocrError));
    const reason = 'The generator refused the content.';
    await inbox.handle({ kind: 'quiz.failed', documentId: id, run: 1, reason });
    await expect.poll(async () => (await documentView(id)).evaluationGenerationError).toBe(reason);

    const retried = await ann.call(api.retryDocument, { params: { id } });
    // The content stands: only the generation runs again; the OCR error keeps its own Retry.
    expect(retried).toMatchObject({
      ocrError,
      sopProcessed: true,
      evaluationGenerationError: null,
    });
    expect(await jobs.getJob(pdfJobId(id, 2))).toBeFalsy();
    expect(await stack.library.quizQueue.getJob(quizJobId(id, 2))).toBeTruthy();
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
      // The quiz worker is asked for the evaluation once the version's follow-ups are done.
      await expect
        .poll(async () => Boolean(await stack.library.quizQueue.getJob(quizJobId(id, 2))))
        .toBe(true);
      expect((await changes('reobservation_changes_away')).rows).toEqual([]);
    } finally {
      await stack.sql.query(
        'ALTER TABLE observation.reobservation_changes_away RENAME TO reobservation_changes',
      );
    }
    await stack.library.sweeper.sweep();
    expect((await changes('reobservation_changes')).rows).toEqual([{ version: 2 }]);
  });

  it('asks the holders to acknowledge a new version once the observation service answers', async () => {
    const id = await uploadDocument('Cold room');
    await processedRun(id, 1, '# Cold room\n\n1. Close the door.\n');
    await expect.poll(async () => (await documentView(id)).sopProcessed).toBe(true);
    await stack.sql.query(
      `INSERT INTO observation.certifications (organization_id, user_id, holder_name, kind,
         subject_id, title, validity_months, issued_at, expires_at, verification_code)
       SELECT $1, id, 'Otto', 'sop', $2, 'Cold room', 12, now(), now() + interval '1 year',
              md5(random()::text)
         FROM identity.users WHERE email = 'otto@acme.test'`,
      [acme, id],
    );
    await uploadVersion(id);
    const asked = () =>
      stack.sql.query(
        `SELECT version FROM library.version_acknowledgements
          WHERE document_id = $1 AND requested_at IS NOT NULL`,
        [id],
      );
    // The observation service cannot tell the SOP's holders while the version's processing ends.
    await stack.sql.query('ALTER TABLE observation.certifications RENAME TO certifications_away');
    try {
      await processedRun(id, 2, '# Cold room\n\n1. Close the door at once.\n');
      // The quiz worker is asked for the evaluation once the version's follow-ups are done.
      await expect
        .poll(async () => Boolean(await stack.library.quizQueue.getJob(quizJobId(id, 2))))
        .toBe(true);
      expect((await asked()).rows).toEqual([]);
    } finally {
      await stack.sql.query('ALTER TABLE observation.certifications_away RENAME TO certifications');
    }
    await stack.library.sweeper.sweep();
    expect((await asked()).rows).toEqual([{ version: 2 }]);
  });

  it('keeps the evaluation a person published when the same version is processed again', async () => {
    const id = await publishedSop('Scanned sauces', '# Sauces\n', 'OCR failed on page 2.');
    await ann.call(api.retryDocument, { params: { id } });
    await inbox.handle(await storedRun(id, 2, '# Sauces\n\nKeep sauces hot.\n'));
    // What a generation started by the retry would report (none starts).
    await inbox.handle(quizGenerated(id, 2, 'How are sauces kept?'));
    const evaluation = await ann.call(api.documentEvaluation, { params: { id } });
    expect(evaluation).toMatchObject({
      status: 'published',
      questions: [expect.objectContaining({ text: 'When must cooked food be cooled?' })],
    });
    expect(await documentRow(id)).toMatchObject({ processingStage: 'done', evaluationRun: 1 });
  });

  it('shows the content of the version processed last while a new one is read or after it failed', async () => {
    const id = await publishedSop('Cooling for waiters', '# Cooling v1\n');
    const course = await ann.call(api.createCourse, {
      body: {
        title: 'Service',
        category: 'Safety',
        duration: '1 hour',
        difficulty: 'Beginner',
        documentIds: [id],
      },
    });
    await otto.call(api.enroll, { params: { id: course.id } });
    await uploadVersion(id);
    const showsFirstVersion = async () => {
      expect(await ann.call(api.documentMarkdown, { params: { id } })).toEqual({
        version: 1,
        markdown: '# Cooling v1\n',
        text: '# Cooling v1\n',
      });
      expect(await otto.call(api.mySop, { params: { id } })).toMatchObject({
        version: 1,
        changeNote: '',
        markdown: '# Cooling v1\n',
      });
      // The SOP pickers of observations, videos and skills.
      const sops = await ann.call(api.documents, {
        query: { sopProcessed: 'true', search: 'waiters' },
      });
      expect(sops.documents.map((document) => document.id)).toEqual([id]);
    };
    await showsFirstVersion();
    await inbox.handle({ kind: 'pdf.failed', documentId: id, run: 2, reason: 'Damaged.' });
    await showsFirstVersion();
  });

  it('starts the evaluation when a processed run is handled again after its follow-ups failed', async () => {
    const id = await uploadDocument('Cooling for bakers');
    const processed = await storedRun(id, 1, '# Cooling\n');
    const ask = vi
      .spyOn(acknowledgements, 'ask')
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      await expect(inbox.handle(processed)).rejects.toThrow('Connection terminated');
      // The queue's retry of the message, then a duplicate of it: one generation run.
      await inbox.handle(processed);
      await inbox.handle(processed);
    } finally {
      ask.mockRestore();
    }
    expect(await documentRow(id)).toMatchObject({
      processingStage: 'generating_evaluation',
      evaluationRun: 1,
    });
    expect(await stack.library.quizQueue.getJob(quizJobId(id, 1))).toBeTruthy();
  });
});

describe('tags', () => {
  it('refuses a name created meanwhile by another request with 409, not 500', async () => {
    // Another request's tag, inserted and not yet committed: the name looks free, and the
    // insert waits for that transaction.
    const other = stack.library.dataSource.createQueryRunner();
    await other.startTransaction();
    try {
      await other.query(`INSERT INTO tags (organization_id, name, color) VALUES ($1, $2, $3)`, [
        acme,
        'Allergens',
        '#ff0000',
      ]);
      const answer = ann.send(api.createTag, { body: { name: 'allergens', color: '#00ff00' } });
      await expect
        .poll(async () => {
          const { rows } = await stack.sql.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query ILIKE 'INSERT INTO%tags%'`,
          );
          return rows.length;
        })
        .toBe(1);
      await other.commitTransaction();
      expect((await answer).status).toBe(409);
    } finally {
      if (other.isTransactionActive) await other.rollbackTransaction();
      await other.release();
    }
  });
});
