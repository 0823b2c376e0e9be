import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ReviewEvaluation } from '@hub/proto';
import { createOrganizationWithMembers } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

type Question = ReviewEvaluation['questions'][number];

/** The cooling SOP with only step 4's time changed. */
const COOLING_SOP_V2 = COOLING_SOP.map((line) =>
  line.startsWith('4. ') ? '4. Cool the food from 63 °C to 21 °C within 90 minutes.' : line,
);
const flat = (text: string) => text.replace(/\s+/g, ' ');
const onStep4 = (question: Question) => flat(question.sourcePassage).includes('to 21 °C within');

let stack: TestStack;
let workers: RunningWorkers;
let ann: ApiSession;
let documentId: number;

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  const acme = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', ['admin']);
  ann = acme.members.admin.session;
});

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

/** Waits until the evaluation is built from `version` of the document. */
async function evaluationOf(version: number): Promise<ReviewEvaluation> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const answer = await ann.send(api.documentEvaluation, { params: { id: documentId } });
    // An administrator reads the review view of the union the route answers.
    const evaluation = answer.status === 200 ? ReviewEvaluation.parse(answer.body) : undefined;
    if (evaluation?.sourceVersion === version) return evaluation;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The evaluation of version ${version} did not arrive within 90 s`);
}

describe('targeted re-evaluation on a new version', () => {
  let published: ReviewEvaluation;

  beforeAll(async () => {
    const uploaded = await ann.uploadTo(
      api.uploadDocument,
      { title: 'Cooling cooked food' },
      { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
    );
    documentId = uploaded.id;
    await evaluationOf(1);
    published = await ann.call(api.publishEvaluation, { params: { id: documentId } });
    expect(published).toMatchObject({ status: 'published', changedQuestionIds: [] });
  }, 120_000);

  it('regenerates only the changed step questions, keeps the others ids, asks to publish again', async () => {
    const stale = published.questions.filter(onStep4);
    expect(stale.length).toBeGreaterThan(0);
    await ann.uploadTo(
      api.uploadDocumentVersion,
      { changeNote: 'First cooling stage shortened to 90 minutes' },
      { name: 'cooling-v2.pdf', data: sopPdf(COOLING_SOP_V2) },
      { params: { id: documentId } },
    );

    const revised = await evaluationOf(2);
    expect(revised.id).toBe(published.id);
    expect(revised.status).toBe('draft');
    const unchanged = revised.questions.filter((q) => !revised.changedQuestionIds.includes(q.id));
    expect(unchanged).toEqual(published.questions.filter((question) => !onStep4(question)));
    expect(revised.removedQuestions).toBe(stale.length);
    const fresh = revised.questions.filter((q) => revised.changedQuestionIds.includes(q.id));
    expect(fresh.length).toBeGreaterThan(0);
    for (const question of fresh) {
      expect(flat(question.sourcePassage)).toContain('within 90 minutes');
      expect(published.questions.map((old) => old.id)).not.toContain(question.id);
    }

    const again = await ann.call(api.publishEvaluation, { params: { id: documentId } });
    expect(again).toMatchObject({
      status: 'published',
      sourceVersion: 2,
      changedQuestionIds: [],
      removedQuestions: 0,
    });
  }, 120_000);
});
