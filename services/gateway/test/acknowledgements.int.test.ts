import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACKNOWLEDGED_VERSION_NOT_CURRENT, ACKNOWLEDGED_VERSION_PROCESSING, api } from '@hub/proto';
import { expectError } from './api-client.js';
import { certifyOperator } from './certify-operator.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createTenant, type Tenant } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

/** The cooling SOP with step 4's time changed. */
const COOLING_SOP_V2 = COOLING_SOP.map((line) =>
  line.startsWith('4. ') ? '4. Cool the food from 63 °C to 21 °C within 90 minutes.' : line,
);
const NOTICE = 'New SOP version to acknowledge';

let stack: TestStack;
let workers: RunningWorkers;
let acme: Tenant;
let globex: Tenant;
let documentId: number;

const document = () => ({ params: { id: documentId } });

/** The document's `version` as its processing left it: failed, not a readable PDF. */
async function versionFailed(version: number) {
  await stack.sql.query(
    `UPDATE library.document_versions SET processing_error = 'Not a readable PDF'
      WHERE document_id = $1 AND version = $2`,
    [documentId, version],
  );
}

async function noticesOf(session: ApiSession) {
  return (await session.call(api.notifications)).notifications;
}

async function waitForNotice(session: ApiSession) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const notice = (await noticesOf(session)).find((n) => n.title === NOTICE);
    if (notice) return notice;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no acknowledgement request within 90 s');
}

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  acme = await createTenant(stack, 'Acme Foods', 'acme.test');
  globex = await createTenant(stack, 'Globex Plant', 'globex.test');
  documentId = Number(acme.resources.get(api.document.path));
  await certifyOperator(
    acme.members.training_supervisor.session,
    documentId,
    acme.members.operator.id,
  );
}, 240_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

describe('acknowledging a new SOP version', () => {
  it('asks nobody about a first version; an operator not asked cannot see the document', async () => {
    const operator = acme.members.operator.session;
    expect((await noticesOf(operator)).map((n) => n.title)).not.toContain(NOTICE);
    await expectError(operator.call(api.documentAcknowledgement, document()), 404);
    await expectError(operator.call(api.acknowledgeDocument, document()), 404);
    const staff = await acme.members.manager.session.call(api.documentAcknowledgement, document());
    expect(staff).toMatchObject({ version: 1, mustAcknowledge: false, diff: null });
  });

  it('asks the certified operator, who sees the changes and acknowledges once', async () => {
    const admin = acme.members.admin.session;
    const operator = acme.members.operator.session;
    await admin.uploadTo(
      api.uploadDocumentVersion,
      { changeNote: 'First cooling stage shortened to 90 minutes' },
      { name: 'cooling-v2.pdf', data: sopPdf(COOLING_SOP_V2) },
      document(),
    );

    const notice = await waitForNotice(operator);
    expect(notice.message).toContain(`/library/documents/${documentId}/acknowledge`);
    const asked = await operator.call(api.documentAcknowledgement, document());
    expect(asked).toMatchObject({
      documentId,
      version: 2,
      changeNote: 'First cooling stage shortened to 90 minutes',
      acknowledgedAt: null,
      mustAcknowledge: true,
      diff: { from: 1, to: 2 },
    });
    expect(asked.requestedAt).not.toBeNull();
    expect(asked.diff!.summary.changed).toBeGreaterThan(0);
    // Still no wider view of the library for the operator.
    await expectError(operator.call(api.document, document()), 403);
    expect((await noticesOf(acme.members.manager.session)).map((n) => n.title)).not.toContain(
      NOTICE,
    );

    const done = await operator.call(api.acknowledgeDocument, document());
    expect(done).toMatchObject({ version: 2, mustAcknowledge: false });
    expect(done.acknowledgedAt).not.toBeNull();
    const again = await operator.call(api.acknowledgeDocument, document());
    expect(again).toMatchObject({ acknowledgedAt: done.acknowledgedAt });
    expect(await operator.call(api.documentAcknowledgement, document())).toMatchObject({
      acknowledgedAt: done.acknowledgedAt,
      mustAcknowledge: false,
    });
  }, 120_000);

  it('acknowledges only the version read, and only once it is processed', async () => {
    const manager = acme.members.manager.session;
    const read = await manager.call(api.documentAcknowledgement, document());
    expect(read).toMatchObject({ version: 2, acknowledgedAt: null });
    // A next version is uploaded while the page is open: accepted, its run not finished.
    await stack.sql.query(
      `WITH current AS (
         UPDATE library.documents SET current_version = 3, processing_run = processing_run + 1
          WHERE id = $1 RETURNING id, organization_id, processing_run)
       INSERT INTO library.document_versions
         (document_id, version, organization_id, file_name, file_size, storage_prefix,
          source_key, uploaded_by, processing_run)
       SELECT id, 3, organization_id, 'cooling-v3.pdf', 10, 'x/', 'x/v3.pdf', $2, processing_run
         FROM current`,
      [documentId, acme.members.admin.id],
    );

    const stale = manager.call(api.acknowledgeDocument, { ...document(), body: { version: 2 } });
    expect((await expectError(stale, 409)).message).toBe(ACKNOWLEDGED_VERSION_NOT_CURRENT);
    const unread = manager.call(api.acknowledgeDocument, { ...document(), body: {} });
    expect((await expectError(unread, 409)).message).toBe(ACKNOWLEDGED_VERSION_PROCESSING);
    const { rows } = await stack.sql.query(
      `SELECT version FROM library.version_acknowledgements
        WHERE document_id = $1 AND user_id = $2 AND acknowledged_at IS NOT NULL`,
      [documentId, acme.members.manager.id],
    );
    expect(rows).toEqual([]);
  });

  it('keeps asking about the version in force when the next one failed', async () => {
    // Version 3 (above) fails: version 2 is again what everyone reads.
    await versionFailed(3);
    // The manager was asked about version 2 and had not acknowledged it yet.
    await stack.sql.query(
      `INSERT INTO library.version_acknowledgements
         (document_id, version, user_id, organization_id, requested_at)
       SELECT id, 2, $2, organization_id, now() FROM library.documents WHERE id = $1`,
      [documentId, acme.members.manager.id],
    );
    const operator = acme.members.operator.session;
    expect(await operator.call(api.documentAcknowledgement, document())).toMatchObject({
      version: 2,
      mustAcknowledge: false,
    });
    const manager = acme.members.manager.session;
    const asked = await manager.call(api.documentAcknowledgement, document());
    expect(asked).toMatchObject({ version: 2, mustAcknowledge: true, diff: { from: 1, to: 2 } });
    const done = await manager.call(api.acknowledgeDocument, {
      ...document(),
      body: { version: 2 },
    });
    expect(done).toMatchObject({ version: 2, mustAcknowledge: false });
    expect(done.acknowledgedAt).not.toBeNull();
  });

  it('shows the changes since the last version processed, past one that failed', async () => {
    // Version 3 (above) fails; version 4 is processed, with version 1's content back.
    await versionFailed(3);
    await stack.sql.query(
      `WITH current AS (
         UPDATE library.documents SET current_version = 4, processing_run = processing_run + 1
          WHERE id = $1 RETURNING id, processing_run)
       INSERT INTO library.document_versions
         (document_id, version, organization_id, file_name, file_size, storage_prefix,
          source_key, uploaded_by, processing_run, markdown_key, text_key)
       SELECT current.id, 4, first.organization_id, 'cooling-v4.pdf', 10, 'x/', 'x/v4.pdf',
              first.uploaded_by, current.processing_run, first.markdown_key, first.text_key
         FROM current JOIN library.document_versions first
           ON first.document_id = current.id AND first.version = 1`,
      [documentId],
    );
    const manager = acme.members.manager.session;
    const shown = await manager.call(api.documentAcknowledgement, document());
    expect(shown).toMatchObject({ version: 4, diff: { from: 2, to: 4 } });
    expect(shown.diff!.summary.changed).toBeGreaterThan(0);
    const done = await manager.call(api.acknowledgeDocument, {
      ...document(),
      body: { version: 4 },
    });
    expect(done).toMatchObject({ version: 4, mustAcknowledge: false });
  });

  it("hides the document from another organization's people", async () => {
    for (const member of [globex.members.admin, globex.members.operator]) {
      await expectError(member.session.call(api.documentAcknowledgement, document()), 404);
      await expectError(member.session.call(api.acknowledgeDocument, document()), 404);
    }
  });
});
