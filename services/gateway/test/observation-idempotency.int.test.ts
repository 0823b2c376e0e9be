import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { type BodyOf, expectError, parseAnswer } from './api-client.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { signedIn } from './tenant-fixtures.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';
import { evaluatedDocument } from './evaluated-document.js';

// Issue #34: the session's outbox retries answers and findings with an idempotency key; the
// observation service records each key once and answers a retry with the first result.

const QUESTIONS = [
  {
    text: 'Within how long must food be cooled?',
    options: ['2 hours', '6 hours', '1 day'],
    correctIndex: 0,
  },
  {
    text: 'Where is cooled food stored?',
    options: ['8 °C', '3 °C or below', '12 °C'],
    correctIndex: 1,
  },
  { text: 'How deep are the containers?', options: ['10 cm', '5 cm', '20 cm'], correctIndex: 1 },
].map((question) => ({
  ...question,
  category: 'Safety',
  explanation: 'From the SOP.',
  sourcePassage: 'Cooling Cooked Food',
}));

let stack: TestStack;
let workers: RunningWorkers;
let tess: ApiSession;
let otto: ApiSession;
let gina: ApiSession;
let ottoId: number;
let documentId: number;
let evaluationId: number;

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'tess@acme.test',
    name: 'Tess Trainer',
    password: 'Acme-Super-1',
    role: 'training_supervisor',
    organizationId: acme,
  });
  ottoId = await stack.createUser({
    email: 'otto@acme.test',
    name: 'Otto Operator',
    password: 'Acme-Oper-1',
    role: 'operator',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
  tess = await signedIn(stack, 'tess@acme.test', 'Acme-Super-1');
  otto = await signedIn(stack, 'otto@acme.test', 'Acme-Oper-1');
  gina = await signedIn(stack, 'gina@globex.test', 'Globex-Admin-1');
  const uploaded = await tess.uploadTo(
    api.uploadDocument,
    { title: 'Cooling' },
    { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
  );
  documentId = uploaded.id;
  evaluationId = (await evaluatedDocument(tess, documentId)).evaluationId;
  const document = { params: { id: documentId } };
  const evaluation = await tess.call(api.documentEvaluation, document);
  await tess.call(api.updateEvaluation, {
    ...document,
    body: {
      title: 'Cooling cooked food',
      description: evaluation.description,
      keyLearningPoints: ['Cool fast.'],
      questions: QUESTIONS,
    },
  });
  await tess.call(api.publishEvaluation, document);
});

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

async function startObservation() {
  const started = await tess.send(api.createObservation, {
    body: { sopDocumentId: documentId, evaluationId, operatorId: ottoId },
  });
  expect(started.status).toBe(201);
  const { id } = parseAnswer(api.createObservation, started);
  return { id, session: await session(id) };
}

const session = (id: number) => tess.call(api.observation, { params: { id } });

type Answer = BodyOf<typeof api.observationResponse>;

/** An answer posted as is, its status and body unparsed (a retry must answer as the first). */
const respond = (by: ApiSession, id: number, body: Answer) =>
  by.send(api.observationResponse, { params: { id }, body });

const addFinding = (by: ApiSession, id: number, body: BodyOf<typeof api.addFinding>) =>
  by.send(api.addFinding, { params: { id }, body });

/** Rows in the observation service's tables for this observation (not what the API shows). */
async function rows(table: 'observation_responses' | 'findings', id: number): Promise<number> {
  const [row] = (await stack.observation.dataSource.query(
    `SELECT count(*)::int AS n FROM ${table} WHERE observation_id = $1`,
    [id],
  )) as { n: number }[];
  return row!.n;
}

async function completionNotices(): Promise<number> {
  const { notifications: notices } = await otto.call(api.notifications);
  return notices.filter((notice) => notice.title === 'Observation completed').length;
}

describe('idempotency keys on answers', () => {
  it('records a keyed answer once and answers its retry with the first result', async () => {
    const { id, session: first } = await startObservation();
    const key = randomUUID();
    const body = {
      questionId: first.questions[0]!.id,
      selectedOption: 'A',
      timeSpentSeconds: 5,
      managerNotes: 'First try',
      idempotencyKey: key,
    };
    const recorded = await respond(tess, id, body);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toEqual({
      completed: false,
      nextQuestionIndex: 1,
      score: null,
      passed: null,
    });
    // The retry answers the same even though the session moved on, and changes nothing.
    await tess.call(api.observationResponse, {
      params: { id },
      body: { questionId: first.questions[1]!.id, selectedOption: 'B' },
    });
    const retried = await respond(tess, id, { ...body, managerNotes: 'Changed on the way' });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(recorded.body);
    const after = await session(id);
    expect(after.responses.map((response) => response.managerNotes)).toEqual(['First try', '']);
    expect(await rows('observation_responses', id)).toBe(2);
  });

  it('a different key for the same question replaces the answer as before', async () => {
    const { id, session: first } = await startObservation();
    const answer = (letter: string, idempotencyKey?: string) =>
      tess.call(api.observationResponse, {
        params: { id },
        body: { questionId: first.questions[0]!.id, selectedOption: letter, idempotencyKey },
      });
    expect(await answer('B', randomUUID())).toMatchObject({ nextQuestionIndex: 1 });
    expect(await answer('A', randomUUID())).toMatchObject({ nextQuestionIndex: 1 });
    expect(await answer('B')).toMatchObject({ nextQuestionIndex: 1 });
    expect(await answer('A')).toMatchObject({ nextQuestionIndex: 1 });
    expect((await session(id)).responses.map((response) => response.selectedOption)).toEqual(['A']);
    expect(await rows('observation_responses', id)).toBe(1);
    const invalid = await expectError(answer('A', 'not-a-uuid'), 400);
    expect(invalid.message).toBe('The idempotency key must be a UUID.');
  });

  it('two concurrent posts of the last answer with one key complete once, both with the result', async () => {
    const { id, session: first } = await startObservation();
    for (const [index, selectedOption] of [
      [0, 'A'],
      [1, 'B'],
    ] as const) {
      await tess.call(api.observationResponse, {
        params: { id },
        body: { questionId: first.questions[index]!.id, selectedOption },
      });
    }
    const noticesBefore = await completionNotices();
    const last = {
      questionId: first.questions[2]!.id,
      selectedOption: 'B',
      idempotencyKey: randomUUID(),
    };
    const [one, two] = await Promise.all([respond(tess, id, last), respond(tess, id, last)]);
    const completed = { completed: true, nextQuestionIndex: null, score: 100, passed: true };
    expect([one!.status, two!.status]).toEqual([200, 200]);
    expect(one!.body).toEqual(completed);
    expect(two!.body).toEqual(completed);
    expect(await rows('observation_responses', id)).toBe(3);
    // A retry after completion answers the completion again; a new answer is refused as before.
    expect((await respond(tess, id, last)).body).toEqual(completed);
    const fresh = await respond(tess, id, { ...last, idempotencyKey: randomUUID() });
    expect(fresh.status).toBe(409);
    await expect.poll(completionNotices, { timeout: 5000 }).toBe(noticesBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await completionNotices()).toBe(noticesBefore + 1);
  });
});

describe('idempotency keys on findings', () => {
  it('records a keyed finding once, also under two concurrent posts; other keys add findings', async () => {
    const { id } = await startObservation();
    const finding = (note: string, idempotencyKey?: string) =>
      addFinding(tess, id, { severity: 'high', category: 'safety', note, idempotencyKey });
    const key = randomUUID();
    const first = await finding('No gloves', key);
    expect(first.status).toBe(201);
    const retried = await finding('No gloves', key);
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    expect(await rows('findings', id)).toBe(1);

    const twin = randomUUID();
    const [one, two] = await Promise.all([finding('Wet floor', twin), finding('Wet floor', twin)]);
    expect([one!.status, two!.status]).toEqual([201, 201]);
    const ids = [one!, two!].map((answer) => parseAnswer(api.addFinding, answer).id);
    expect(ids[0]).toBe(ids[1]);
    expect(await rows('findings', id)).toBe(2);

    await finding('Wet floor', randomUUID());
    await finding('Wet floor');
    await finding('Wet floor');
    expect(await rows('findings', id)).toBe(5);
    expect((await session(id)).findings.map((item) => item.note)).toEqual([
      'No gloves',
      'Wet floor',
      'Wet floor',
      'Wet floor',
      'Wet floor',
    ]);
  });

  it("still refuses another organization's observation, with or without a known key", async () => {
    const { id, session: first } = await startObservation();
    const key = randomUUID();
    const finding = {
      severity: 'low',
      category: 'quality',
      note: 'Label',
      idempotencyKey: key,
    } as const;
    expect((await addFinding(tess, id, finding)).status).toBe(201);
    expect((await addFinding(gina, id, finding)).status).toBe(404);
    const answer = { questionId: first.questions[0]!.id, selectedOption: 'A', idempotencyKey: key };
    expect((await respond(tess, id, answer)).status).toBe(200);
    expect((await respond(gina, id, answer)).status).toBe(404);
    expect((await respond(otto, id, answer)).status).toBe(403);
    expect(await rows('findings', id)).toBe(1);
    expect(await rows('observation_responses', id)).toBe(1);
  });
});
