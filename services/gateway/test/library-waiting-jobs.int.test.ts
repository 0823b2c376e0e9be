import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, pdfJobId, type PdfProcessingJob, quizJobId } from '@hub/proto';
import type { LibraryInbox } from '../../library/src/processing/library-inbox.js';
import { libraryInbox, type PlayedLibrary, storedRun } from './library-inbox.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createOrganizationWithMembers } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/** Work replaced or deleted while it waits leaves no job behind; no worker runs here. */
let stack: TestStack;
let ann: ApiSession;
let played: PlayedLibrary;
let jobs: Queue<PdfProcessingJob>;
let inbox: LibraryInbox;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', ['admin']);
  ann = acme.members.admin.session;
  played = libraryInbox(stack);
  ({ inbox, jobs } = played);
});

afterAll(async () => {
  await played?.close();
  await stack?.stop();
});

async function uploadDocument(title: string): Promise<number> {
  const file = { name: `${title}.pdf`, data: sopPdf(COOLING_SOP) };
  return (await ann.uploadTo(api.uploadDocument, { title }, file)).id;
}

describe('deleting a document while its work is under way', () => {
  it('removes the evaluation generation job waiting for the quiz worker', async () => {
    const id = await uploadDocument('Cooling');
    const processed = await storedRun(stack, jobs, id, 1, '# Cooling\n\n1. Cool food.\n', {
      pageCount: 1,
      ocrPages: 0,
      ocrError: null,
    });
    await inbox.handle(processed);
    const view = await ann.call(api.document, { params: { id } });
    expect(view.progress.stage).toBe('generating_evaluation');
    expect(await stack.library.quizQueue.getJob(quizJobId(id, 1))).toBeDefined();

    await ann.call(api.deleteDocument, { params: { id } });

    expect(await stack.library.quizQueue.getJob(quizJobId(id, 1))).toBeUndefined();
  });

  it('removes the processing job of a document still waiting for the PDF worker', async () => {
    const id = await uploadDocument('Ovens');
    expect(await jobs.getJob(pdfJobId(id, 1))).toBeDefined();
    await ann.call(api.deleteDocument, { params: { id } });
    expect(await jobs.getJob(pdfJobId(id, 1))).toBeUndefined();
  });
});

describe('regenerating an evaluation while a generation still waits for the quiz worker', () => {
  it('removes the waiting job it replaces, so the AI is not asked twice', async () => {
    const id = await uploadDocument('Fryers');
    const processed = await storedRun(stack, jobs, id, 1, '# Fryers\n\n1. Drain the oil.\n', {
      pageCount: 1,
      ocrPages: 0,
      ocrError: null,
    });
    await inbox.handle(processed);
    expect(await stack.library.quizQueue.getJob(quizJobId(id, 1))).toBeDefined();

    await ann.call(api.regenerateEvaluation, { params: { id } });

    expect(await stack.library.quizQueue.getJob(quizJobId(id, 2))).toBeDefined();
    expect(await stack.library.quizQueue.getJob(quizJobId(id, 1))).toBeUndefined();
  });
});
