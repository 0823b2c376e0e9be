import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

interface Question {
  id: string;
  text: string;
  sourcePassage: string;
}

interface ReviewEvaluation {
  id: number;
  status: string;
  sourceVersion: number;
  changedQuestionIds: string[];
  removedQuestions: number;
  questions: Question[];
}

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
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    name: 'Ann Admin',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  ann = new ApiSession(stack.url);
  await ann.login('ann@acme.test', 'Acme-Admin-1');
});

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

/** Waits until the evaluation is built from `version` of the document. */
async function evaluationOf(version: number): Promise<ReviewEvaluation> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const answer = await ann.get(`/api/library/documents/${documentId}/evaluation`);
    const evaluation = answer.body as unknown as ReviewEvaluation;
    if (answer.status === 200 && evaluation.sourceVersion === version) return evaluation;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The evaluation of version ${version} did not arrive within 90 s`);
}

describe('targeted re-evaluation on a new version', () => {
  let published: ReviewEvaluation;

  beforeAll(async () => {
    const uploaded = await ann.upload(
      '/api/library/documents/upload',
      { title: 'Cooling cooked food' },
      { field: 'file', name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
    );
    expect(uploaded.status).toBe(201);
    documentId = uploaded.body.id as number;
    await evaluationOf(1);
    const publish = await ann.post(`/api/library/documents/${documentId}/evaluation/publish`);
    published = publish.body as unknown as ReviewEvaluation;
    expect(published).toMatchObject({ status: 'published', changedQuestionIds: [] });
  }, 120_000);

  it('regenerates only the changed step questions, keeps the others ids, asks to publish again', async () => {
    const stale = published.questions.filter(onStep4);
    expect(stale.length).toBeGreaterThan(0);
    const version = await ann.upload(
      `/api/library/documents/${documentId}/versions`,
      { changeNote: 'First cooling stage shortened to 90 minutes' },
      { field: 'file', name: 'cooling-v2.pdf', data: sopPdf(COOLING_SOP_V2) },
    );
    expect(version.status).toBe(201);

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

    const again = await ann.post(`/api/library/documents/${documentId}/evaluation/publish`);
    expect(again.body).toMatchObject({
      status: 'published',
      sourceVersion: 2,
      changedQuestionIds: [],
      removedQuestions: 0,
    });
  }, 120_000);
});
