import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import { certifyOperator } from './certify-operator.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createTenant, type Tenant } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

/**
 * Issue #34, point 3: everyone reads the SOPs of their own courses, job functions and
 * certifications (GET /api/my/sops, /api/my/sops/:id, its images); any other document of their
 * organization, or of another, does not exist for them.
 */
let stack: TestStack;
let workers: RunningWorkers;
let acme: Tenant;
let globex: Tenant;
let documentId: number;
let courseId: number;
let otherDocumentId: number;
let globexDocumentId: number;

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  [acme, globex] = await Promise.all([
    createTenant(stack, 'Acme Foods', 'acme.test'),
    createTenant(stack, 'Globex Plant', 'globex.test'),
  ]);
  documentId = Number(acme.resources.get(api.document.path));
  courseId = Number(acme.resources.get(api.updateCourse.path));
  globexDocumentId = Number(globex.resources.get(api.document.path));
  const other = await acme.members.admin.session.uploadTo(
    api.uploadDocument,
    { title: 'Oven cleaning' },
    { name: 'oven.pdf', data: sopPdf(COOLING_SOP) },
  );
  otherDocumentId = other.id;
}, 240_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

async function refused(session: ApiSession, id: number) {
  for (const answer of [
    await session.send(api.mySop, { params: { id } }),
    await session.send(api.mySopImage, { params: { id, imgId: 'img-1' } }),
  ]) {
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain('Cooling');
  }
}

describe('reading my SOPs', () => {
  it('shows nothing before the operator follows a course, then its SOP, read-only', async () => {
    const operator = acme.members.operator.session;
    expect(await operator.call(api.mySops)).toEqual({ sops: [] });
    await refused(operator, documentId);

    await operator.call(api.enroll, { params: { id: courseId } });
    const list = await operator.call(api.mySops);
    expect(list.sops).toEqual([
      expect.objectContaining({
        documentId,
        title: 'Cooling',
        version: 1,
        mustAcknowledge: false,
        reasons: [{ kind: 'course', id: courseId, name: 'Kitchen basics' }],
      }),
    ]);

    const body = await operator.call(api.mySop, { params: { id: documentId } });
    expect(body).toMatchObject({ documentId, title: 'Cooling', version: 1, acknowledgedAt: null });
    expect(body.markdown).toMatch(/cool/i);
    const pdf = await fetch(`${stack.url}${body.pdf.url}`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // An image the document does not have: not found, not refused.
    await expectError(
      operator.call(api.mySopImage, { params: { id: documentId, imgId: 'img-1' } }),
      404,
    );
    // The library itself stays closed to operators.
    await expectError(operator.call(api.documentMarkdown, { params: { id: documentId } }), 403);
  }, 60_000);

  it('counts a certification of the member as a reason too', async () => {
    await certifyOperator(
      acme.members.training_supervisor.session,
      documentId,
      acme.members.operator.id,
    );
    const list = await acme.members.operator.session.call(api.mySops);
    // The SOP's own certification, and the course's, which passing it completed.
    const kinds = new Set(list.sops[0]!.reasons.map((reason) => reason.kind));
    expect([...kinds].sort()).toEqual(['certification', 'course']);
  }, 120_000);

  it('refuses another SOP of the same organization, and the SOPs of other members', async () => {
    const operator = acme.members.operator.session;
    await refused(operator, otherDocumentId);
    const { sops } = await operator.call(api.mySops);
    expect(sops.map((sop) => sop.documentId)).toEqual([documentId]);
    // Staff are no exception: the manager follows no course with this SOP.
    await refused(acme.members.manager.session, documentId);
  });

  it("refuses another organization's SOPs, whatever the role", async () => {
    await refused(acme.members.operator.session, globexDocumentId);
    await refused(acme.members.admin.session, globexDocumentId);
    await refused(globex.members.admin.session, documentId);
    await refused(globex.members.operator.session, documentId);
  });
});
