import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
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

  it("hides the document from another organization's people", async () => {
    for (const member of [globex.members.admin, globex.members.operator]) {
      await expectError(member.session.call(api.documentAcknowledgement, document()), 404);
      await expectError(member.session.call(api.acknowledgeDocument, document()), 404);
    }
  });
});
