import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, pdfJobId } from '@hub/proto';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/** A document deleted while someone else deletes it too, or adds a version of it. */
let stack: TestStack;
let ann: ApiSession;
let bea: ApiSession;
let acme: number;

beforeAll(async () => {
  stack = await startTestStack();
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

afterAll(async () => {
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
