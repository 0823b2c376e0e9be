import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, pdfJobId, type PdfProcessingJob, quizJobId } from '@hub/proto';
import type { LibraryInbox } from '../../library/src/processing/library-inbox.js';
import { libraryInbox, type PlayedLibrary, storedRun } from './library-inbox.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createOrganizationWithMembers, signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * A document deleted, replaced or given a version while other work on it is under way. One stack
 * for both blocks (issue #51 item 11); each block has its own organization, so what one stores
 * (its documents' files, its jobs) is never in what the other counts. No worker runs here.
 */
let stack: TestStack;
let played: PlayedLibrary;
let jobs: Queue<PdfProcessingJob>;
let inbox: LibraryInbox;

beforeAll(async () => {
  stack = await startTestStack();
  played = libraryInbox(stack);
  ({ inbox, jobs } = played);
});

afterAll(async () => {
  await played?.close();
  await stack?.stop();
});

/**
 * Statements of this test's database waiting for a lock (their text is cut before the table's
 * name for TypeORM's long column lists, so all are counted: only this test's requests run).
 */
async function lockWaiters(): Promise<number> {
  const { rows } = await stack.sql.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.waiting;
}

describe('a document deleted while someone else deletes it too, or adds a version of it', () => {
  let ann: ApiSession;
  let bea: ApiSession;
  let acme: number;

  beforeAll(async () => {
    acme = await stack.createOrganization('Acme Foods', 'acme.test');
    for (const [email, password] of [
      ['ann@acme.test', 'Acme-Admin-1'],
      ['bea@acme.test', 'Acme-Admin-2'],
    ] as const) {
      await stack.createUser({ email, password, role: 'admin', organizationId: acme });
    }
    ann = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
    bea = await signedIn(stack, 'bea@acme.test', 'Acme-Admin-2');
  });

  describe('deleting a document twice at once', () => {
    it('deletes it once: the second person hears it is gone, and it is announced once', async () => {
      const file = { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) };
      const { id } = await ann.uploadTo(api.uploadDocument, { title: 'Cooling' }, file);
      const outbox = async () =>
        (
          await stack.library.dataSource.query(
            `SELECT count(*)::int AS n FROM outbox
              WHERE event->>'type' = 'document.deleted' AND (event->>'documentId')::int = $1`,
            [id],
          )
        )[0].n as number;

      // Another transaction holds the row: both deletes have read the document and wait.
      const holder = stack.library.dataSource.createQueryRunner();
      await holder.startTransaction();
      try {
        await holder.query(`SELECT 1 FROM documents WHERE id = $1 FOR UPDATE`, [id]);
        const first = ann.send(api.deleteDocument, { params: { id } });
        const second = bea.send(api.deleteDocument, { params: { id } });
        await expect.poll(() => lockWaiters()).toBe(2);
        await holder.commitTransaction();
        const statuses = (await Promise.all([first, second])).map((answer) => answer.status);
        expect(statuses.sort()).toEqual([200, 404]);
      } finally {
        if (holder.isTransactionActive) await holder.rollbackTransaction();
        await holder.release();
      }
      expect(await outbox()).toBe(1);
    });
  });

  describe('deleting a document while a new version of it is being added', () => {
    it("removes the new version's file and job as well, leaving nothing behind", async () => {
      const file = { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) };
      const { id } = await ann.uploadTo(api.uploadDocument, { title: 'Cooling v1' }, file);
      const holder = stack.library.dataSource.createQueryRunner();
      await holder.startTransaction();
      try {
        await holder.query(`SELECT 1 FROM documents WHERE id = $1 FOR UPDATE`, [id]);
        // The version is stored and waits to be recorded; then the delete comes.
        // Recorded first (then its answer may find the document deleted): either way is fine here.
        const version = bea
          .uploadTo(
            api.uploadDocumentVersion,
            { changeNote: 'Colder' },
            { name: 'cooling-v2.pdf', data: sopPdf(COOLING_SOP) },
            { params: { id } },
          )
          .catch(() => null);
        await expect.poll(() => lockWaiters()).toBe(1);
        const deleted = ann.send(api.deleteDocument, { params: { id } });
        await expect.poll(() => lockWaiters()).toBe(2);
        await holder.commitTransaction();
        await version;
        expect((await deleted).status).toBe(200);
      } finally {
        if (holder.isTransactionActive) await holder.rollbackTransaction();
        await holder.release();
      }
      expect(await stack.storage.list(`org/${acme}/documents/`)).toEqual([]);
      expect(await stack.library.pdfQueue.getJob(pdfJobId(id, 2))).toBeUndefined();
    });
  });
});

describe('work replaced or deleted while it waits leaves no job behind', () => {
  let ann: ApiSession;

  beforeAll(async () => {
    const bolt = await createOrganizationWithMembers(stack, 'Bolt Bakery', 'bolt.test', ['admin']);
    ann = bolt.members.admin.session;
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
});
