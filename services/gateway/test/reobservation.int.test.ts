import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Certification, certificationRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { TEST_REDIS_URL } from '@hub/testing';
import { certifyOperator, KNOWN_QUESTIONS } from './certify-operator.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createTenant, type Tenant } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

/** An SOP's lines with one line replaced (the line must exist). */
function withLine(lines: string[], find: string, replace: string): string[] {
  const index = lines.findIndex((line) => line.startsWith(find));
  if (index === -1) throw new Error(`No line starts with ${find}`);
  return lines.map((line, at) => (at === index ? replace : line));
}

/** Version 2: under the "Protective equipment" heading, safety-relevant. */
const SAFETY_CHANGE = withLine(
  COOLING_SOP,
  'Wear heat-resistant gloves',
  'Wear heat-resistant gloves, an apron and a hairnet when handling hot pans.',
);
/** Version 3, from version 2: a procedure step's time, not safety-relevant. */
const PLAIN_CHANGE = withLine(
  SAFETY_CHANGE,
  '4. ',
  '4. Cool the food from 63 °C to 21 °C within 90 minutes.',
);
const NOTICE = 'New SOP version to acknowledge';
const SAFETY_WORDING = 'safety-relevant section';

let stack: TestStack;
let workers: RunningWorkers;
let rpc: RpcClient;
let acme: Tenant;
let documentId: number;
let operatorId: number;
let manager: ApiSession;

async function uploadVersion(lines: string[], changeNote: string) {
  await acme.members.admin.session.uploadTo(
    api.uploadDocumentVersion,
    { changeNote },
    { name: 'cooling.pdf', data: sopPdf(lines) },
    { params: { id: documentId } },
  );
}

/**
 * The operator's request to acknowledge `version`: sent once the version is processed and its
 * safety relevance decided (the library decides it first), so it marks the end of that work.
 */
async function noticeOf(version: number): Promise<string> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const { notifications } = await acme.members.operator.session.call(api.notifications);
    const notice = notifications.find(
      (n) => n.title === NOTICE && n.message.includes(`(version ${version})`),
    );
    if (notice) return notice.message;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no acknowledgement request for version ${version} within 90 s`);
}

async function certificationOf(session: ApiSession): Promise<Certification> {
  const { certifications } = await session.call(api.certifications, { query: { documentId } });
  const list = certifications.filter((certification) => certification.userId === operatorId);
  expect(list).toHaveLength(1);
  return list[0]!;
}

async function matrixCell() {
  const matrix = await manager.call(api.skillsMatrix);
  const row = matrix.rows.find((entry) => entry.userId === operatorId)!;
  const cell = row.cells.find((entry) => entry.documentId === documentId)!;
  const column = matrix.sops.find((sop) => sop.documentId === documentId)!;
  return { cell, rowGaps: row.gaps, columnGaps: column.gaps };
}

async function reobservationRecommendations() {
  const { recommendations } = await manager.call(api.evaluateRecommendations);
  return recommendations.filter(
    (item) => item.rule === 'sop_reobservation_needed' && item.state === 'active',
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  rpc = new RpcClient(TEST_REDIS_URL, stack.redisPrefix);
  acme = await createTenant(stack, 'Acme Foods', 'acme.test');
  documentId = Number(acme.resources.get(api.document.path));
  operatorId = acme.members.operator.id;
  manager = acme.members.manager.session;
  const admin = acme.members.admin.session;
  const created = await admin.call(api.createJobFunction, {
    body: { name: 'Cook', documentIds: [documentId] },
  });
  await admin.call(api.setJobFunctionMembers, {
    params: { id: created.id },
    body: { userIds: [operatorId] },
  });
  await certifyOperator(acme.members.training_supervisor.session, documentId, operatorId);
}, 240_000);

afterAll(async () => {
  await rpc?.close();
  await workers?.close();
  await stack?.stop();
});

describe('re-observation after a safety-relevant SOP change', () => {
  it('holds a plain certification before any change', async () => {
    expect(await certificationOf(manager)).toMatchObject({ state: 'active', reobservation: null });
    expect((await matrixCell()).cell).toMatchObject({ level: 'certified', gap: false });
  });

  it('marks the certified operator when a safety step changes, everywhere it shows', async () => {
    await uploadVersion(SAFETY_CHANGE, 'Apron added');
    expect(await noticeOf(2)).toContain(SAFETY_WORDING);

    const seenByStaff = await certificationOf(manager);
    expect(seenByStaff).toMatchObject({ state: 'active', reobservation: { version: 2 } });
    expect(await certificationOf(acme.members.operator.session)).toMatchObject({
      reobservation: { version: 2 },
    });

    const { cell, rowGaps, columnGaps } = await matrixCell();
    expect(cell).toMatchObject({ level: 'needs_reobservation', required: true, gap: true });
    expect(rowGaps).toBe(1);
    expect(columnGaps).toBe(1);

    const [recommendation, ...others] = await reobservationRecommendations();
    expect(others).toEqual([]);
    expect(recommendation).toMatchObject({
      category: 'Safety Enhancements',
      priority: 'High',
      action: { label: 'Start an observation', href: '/library/observations' },
    });
    expect(recommendation!.evidence[0]).toMatchObject({ href: `/team/${operatorId}` });
    expect(recommendation!.evidence[0]!.value).toContain('version 2');
  }, 150_000);

  it('marks nobody twice for the same version, even reported again', async () => {
    const again = await rpc.call(certificationRpc.requireReobservation, {
      organizationId: acme.organizationId,
      documentId,
      version: 2,
    });
    expect(again).toEqual({ marked: 0 });
    expect((await certificationOf(manager)).reobservation).toMatchObject({ version: 2 });
  });

  it('clears with the next passed observation, and the recommendation goes', async () => {
    await certifyOperator(acme.members.training_supervisor.session, documentId, operatorId);
    expect((await certificationOf(manager)).reobservation).toBeNull();
    expect((await matrixCell()).cell).toMatchObject({ level: 'certified', gap: false });
    expect(await reobservationRecommendations()).toEqual([]);
    // A late repeat of the change that was just cleared does not undo the pass.
    const late = await rpc.call(certificationRpc.requireReobservation, {
      organizationId: acme.organizationId,
      documentId,
      version: 2,
    });
    expect(late).toEqual({ marked: 0 });
    expect((await certificationOf(manager)).reobservation).toBeNull();
  }, 60_000);

  it('leaves the certification alone when the change is not safety-relevant', async () => {
    await uploadVersion(PLAIN_CHANGE, 'Faster first cooling stage');
    expect(await noticeOf(3)).not.toContain(SAFETY_WORDING);
    expect((await certificationOf(manager)).reobservation).toBeNull();
    expect((await matrixCell()).cell).toMatchObject({ level: 'certified', gap: false });
  }, 150_000);

  it('keeps the mark when the passed observation had started before the change', async () => {
    const trainer = acme.members.training_supervisor.session;
    const params = { id: documentId };
    await trainer.call(api.updateEvaluation, {
      params,
      body: {
        title: 'Cooling',
        description: 'Cooling',
        keyLearningPoints: [],
        questions: KNOWN_QUESTIONS,
      },
    });
    const published = await trainer.call(api.publishEvaluation, { params });
    const { id } = await trainer.call(api.createObservation, {
      body: { sopDocumentId: documentId, evaluationId: published.id, operatorId },
    });
    const { questions } = await trainer.call(api.observation, { params: { id } });
    const answer = (index: number) =>
      trainer.call(api.observationResponse, {
        params: { id },
        body: { questionId: questions[index]!.id, selectedOption: 'ABC'[index]! },
      });
    await answer(0);
    await answer(1);
    // The change arrives while the operator is observed on the questions of the version before.
    await rpc.call(certificationRpc.requireReobservation, {
      organizationId: acme.organizationId,
      documentId,
      version: 4,
    });
    expect(await answer(2)).toMatchObject({ completed: true, passed: true });
    expect((await certificationOf(manager)).reobservation).toMatchObject({ version: 4 });
    expect((await matrixCell()).cell).toMatchObject({ level: 'needs_reobservation', gap: true });

    await certifyOperator(trainer, documentId, operatorId);
    expect((await certificationOf(manager)).reobservation).toBeNull();
  }, 60_000);
});
