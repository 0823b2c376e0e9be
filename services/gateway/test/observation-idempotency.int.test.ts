import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorBody, MAX_FINDINGS_PER_OBSERVATION } from '@hub/proto';
import { type BodyOf, expectError, parseAnswer } from './api-client.js';
import { CompletionEffects } from '../../observation/src/observations/completion-effects.js';
import { ApiSession, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { signedIn } from './tenant-fixtures.js';
import { COOLING_QUESTIONS, publishedCoolingSop } from './evaluated-document.js';
import {
  type ObservationCast,
  startObservationCast,
  stopObservationCast,
} from './observation-cast.js';

// Issue #34: the session's outbox retries answers and findings with an idempotency key; the
// observation service records each key once and answers a retry with the first result.

let stack: TestStack;
let cast: ObservationCast;
let tess: ApiSession;
let otto: ApiSession;
let gina: ApiSession;
let ottoId: number;
let acmeId: number;
let root: ApiSession;
let documentId: number;
let evaluationId: number;

beforeAll(async () => {
  cast = await startObservationCast();
  ({ stack, tess, otto, gina, ottoId, acmeId } = cast);
  root = new ApiSession(stack.url);
  await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  ({ documentId, evaluationId } = await publishedCoolingSop(tess, COOLING_QUESTIONS));
});

afterAll(() => stopObservationCast(cast));

async function startObservation(operatorId = ottoId) {
  const started = await tess.send(api.createObservation, {
    body: { sopDocumentId: documentId, evaluationId, operatorId },
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

/** Observations of this operator (rows, not what the API shows). */
async function observationsOf(operatorId: number): Promise<number> {
  const [row] = (await stack.observation.dataSource.query(
    `SELECT count(*)::int AS n FROM observations WHERE operator_id = $1`,
    [operatorId],
  )) as { n: number }[];
  return row!.n;
}

const inProgress = async () =>
  (await tess.call(api.observations, { query: { limit: 1 } })).counters.inProgress;

describe('idempotency keys on starting an observation', () => {
  it('starts one observation for two concurrent creates with one key; both answers name it', async () => {
    const operatorId = await newOperator();
    const before = await inProgress();
    const body = {
      sopDocumentId: documentId,
      evaluationId,
      operatorId,
      idempotencyKey: randomUUID(),
    };
    const create = () => tess.send(api.createObservation, { body });
    const [one, two] = await Promise.all([create(), create()]);
    expect([one!.status, two!.status]).toEqual([201, 201]);
    const [first, second] = [one!, two!].map((answer) =>
      parseAnswer(api.createObservation, answer),
    );
    expect(second).toEqual(first);
    expect(first!.operatorName).toBe(`Operator ${operators}`);
    expect(await observationsOf(operatorId)).toBe(1);
    expect(await inProgress()).toBe(before + 1);
    // A retry long after (a timeout, the outbox) answers the same observation, notes changed or not.
    const retried = await tess.send(api.createObservation, {
      body: { ...body, initialNotes: 'Typed again' },
    });
    expect(parseAnswer(api.createObservation, retried)).toEqual(first);
    expect((await session(first!.id)).initialNotes).toBe('');
    expect(await observationsOf(operatorId)).toBe(1);
  });

  it('without a key every create starts an observation, as before; another key another one', async () => {
    const operatorId = await newOperator();
    const body = { sopDocumentId: documentId, evaluationId, operatorId };
    const create = (idempotencyKey?: string) =>
      tess.call(api.createObservation, { body: { ...body, idempotencyKey } });
    const [one, two] = await Promise.all([create(), create()]);
    expect(one.id).not.toBe(two.id);
    const keyed = await create(randomUUID());
    const other = await create(randomUUID());
    expect(new Set([one.id, two.id, keyed.id, other.id]).size).toBe(4);
    expect(await observationsOf(operatorId)).toBe(4);
  });

  it('refuses a key used for another operator with 409; keys are per person who starts', async () => {
    const [firstOperator, secondOperator] = [await newOperator(), await newOperator()];
    const idempotencyKey = randomUUID();
    const body = { sopDocumentId: documentId, evaluationId, idempotencyKey };
    const first = await tess.call(api.createObservation, {
      body: { ...body, operatorId: firstOperator },
    });
    const refused = await expectError(
      tess.call(api.createObservation, { body: { ...body, operatorId: secondOperator } }),
      409,
      'observation_key_of_another_observation',
    );
    expect(refused.message).toBe(
      'This idempotency key was already used to start another observation.',
    );
    expect(await observationsOf(secondOperator)).toBe(0);
    // Another person of the organization with the same key starts their own.
    const mia = await staffMember();
    const theirs = await mia.call(api.createObservation, {
      body: { ...body, operatorId: firstOperator },
    });
    expect(theirs.id).not.toBe(first.id);
    expect(theirs.operatorName).toBe(first.operatorName);
    expect(await observationsOf(firstOperator)).toBe(2);
    const invalid = await expectError(
      tess.call(api.createObservation, {
        body: { ...body, operatorId: firstOperator, idempotencyKey: 'not-a-uuid' },
      }),
      400,
    );
    expect(invalid.message).toBe('The idempotency key must be a UUID.');
  });
});

/** Findings written straight into the table, as before the cap (or to reach it quickly). */
async function seedFindings(id: number, count: number): Promise<void> {
  await stack.observation.dataSource.query(
    `INSERT INTO findings (observation_id, organization_id, severity, category, note, created_by)
     SELECT $1, $2, 'low', 'quality', 'Seeded ' || n, 1 FROM generate_series(1, $3) n`,
    [id, acmeId, count],
  );
}

describe('the findings cap', () => {
  it('refuses the finding past the cap with 409, once when two posts race for the last slot', async () => {
    const { id } = await startObservation();
    await seedFindings(id, MAX_FINDINGS_PER_OBSERVATION - 1);
    const finding = (note: string) =>
      ({ severity: 'high', category: 'safety', note, idempotencyKey: randomUUID() }) as const;
    const [a, b] = [finding('Last slot A'), finding('Last slot B')];
    const answers = await Promise.all([addFinding(tess, id, a), addFinding(tess, id, b)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = ErrorBody.parse(answers.find((answer) => answer.status === 409)!.body);
    expect(refused).toMatchObject({
      code: 'observation_findings_limit',
      message: `An observation can hold at most ${MAX_FINDINGS_PER_OBSERVATION} findings.`,
    });
    expect(await rows('findings', id)).toBe(MAX_FINDINGS_PER_OBSERVATION);
    // The retry of the one that got in answers it again (not refused); a new one stays refused.
    const winner = answers.findIndex((answer) => answer.status === 201);
    const retried = await addFinding(tess, id, [a, b][winner]!);
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(answers[winner]!.body);
    expect((await addFinding(tess, id, finding('One more'))).status).toBe(409);
    expect(await rows('findings', id)).toBe(MAX_FINDINGS_PER_OBSERVATION);
    expect((await session(id)).findings).toHaveLength(MAX_FINDINGS_PER_OBSERVATION);
  });

  it('bounds the findings the list and the session carry, also of an observation past the cap', async () => {
    const { id } = await startObservation();
    await seedFindings(id, MAX_FINDINGS_PER_OBSERVATION + 50);
    const listed = (await tess.call(api.observations, { query: { limit: 200 } })).observations;
    const summary = listed.find((observation) => observation.id === id)!;
    expect(summary.findings).toHaveLength(MAX_FINDINGS_PER_OBSERVATION);
    expect(summary.openFindings).toBe(MAX_FINDINGS_PER_OBSERVATION + 50);
    expect(summary.findings[0]!.note).toBe('Seeded 1');
    expect((await session(id)).findings).toHaveLength(MAX_FINDINGS_PER_OBSERVATION);
    expect(
      (await addFinding(tess, id, { severity: 'low', category: 'quality', note: 'x' })).status,
    ).toBe(409);
  });

  it('states how many findings and open ones an observation past the cap holds, beside the first it shows', async () => {
    const { id } = await startObservation();
    const held = MAX_FINDINGS_PER_OBSERVATION + 50;
    await seedFindings(id, held);
    // Ten resolved past the ones shown: only the counts can tell.
    await stack.observation.dataSource.query(
      `UPDATE findings SET status = 'resolved', resolved_at = now()
        WHERE observation_id = $1 AND note = ANY($2::text[])`,
      [id, Array.from({ length: 10 }, (_, n) => `Seeded ${held - n}`)],
    );
    const listed = (await tess.call(api.observations, { query: { limit: 200 } })).observations;
    const summary = listed.find((observation) => observation.id === id)!;
    expect(summary).toMatchObject({ findingCount: held, openFindings: held - 10 });
    expect(summary.findings).toHaveLength(MAX_FINDINGS_PER_OBSERVATION);
    const shown = await session(id);
    expect(shown).toMatchObject({ findingCount: held, openFindings: held - 10 });
    expect(shown.findings).toHaveLength(MAX_FINDINGS_PER_OBSERVATION);
    expect(shown.findings.at(-1)!.note).toBe(`Seeded ${MAX_FINDINGS_PER_OBSERVATION}`);
    // An observation without findings says so too.
    const { id: empty } = await startObservation();
    expect(await session(empty)).toMatchObject({ findingCount: 0, openFindings: 0, findings: [] });
  });

  it('bounds the note of a finding', async () => {
    const { id } = await startObservation();
    const note = 'n'.repeat(5001);
    const answer = await addFinding(tess, id, { severity: 'low', category: 'quality', note });
    expect(answer.status).toBe(400);
    expect(await rows('findings', id)).toBe(0);
  });
});

describe('answers from two devices', () => {
  it('a retry of a key whose answer another device replaced answers as it first did, also after completion', async () => {
    const { id, session: first } = await startObservation();
    const [q0, q1, q2] = first.questions.map((question) => question.id);
    const older = { questionId: q0!, selectedOption: 'B', idempotencyKey: randomUUID() };
    const recorded = await respond(tess, id, older);
    expect(recorded.status).toBe(200);
    const correction = { questionId: q0!, selectedOption: 'A', idempotencyKey: randomUUID() };
    expect((await respond(tess, id, correction)).status).toBe(200);
    // The first device never heard its answer arrive and sends it again.
    const retried = await respond(tess, id, older);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(recorded.body);
    expect((await session(id)).responses.map((response) => response.selectedOption)).toEqual(['A']);
    for (const [questionId, selectedOption] of [
      [q1!, 'B'],
      [q2!, 'B'],
    ] as const) {
      await tess.call(api.observationResponse, {
        params: { id },
        body: { questionId, selectedOption },
      });
    }
    const late = await respond(tess, id, older);
    expect(late.status).toBe(200);
    expect(late.body).toEqual(recorded.body);
    const done = await session(id);
    expect(done.score).toBe(100);
    expect(done.responses.map((response) => response.selectedOption)).toEqual(['A', 'B', 'B']);
  });

  it('refuses a key already used on another question with 409 and records nothing', async () => {
    const { id, session: first } = await startObservation();
    const key = randomUUID();
    const [q0, q1] = first.questions.map((question) => question.id);
    expect(
      (await respond(tess, id, { questionId: q0!, selectedOption: 'A', idempotencyKey: key }))
        .status,
    ).toBe(200);
    const reused = await expectError(
      tess.call(api.observationResponse, {
        params: { id },
        body: { questionId: q1!, selectedOption: 'B', idempotencyKey: key },
      }),
      409,
    );
    expect(reused.message).toBe(
      'This idempotency key was already used for another question of this observation.',
    );
    expect(await rows('observation_responses', id)).toBe(1);
  });
});

/** An operator of Acme of their own (a test deletes, deactivates or suspends them). */
let operators = 0;
const newOperator = () =>
  stack.createUser({
    email: `op${++operators}@acme.test`,
    name: `Operator ${operators}`,
    role: 'operator',
    organizationId: acmeId,
  });

/** Another training supervisor of Acme, signed in. */
async function staffMember(): Promise<ApiSession> {
  const email = `staff${++operators}@acme.test`;
  await stack.createUser({
    email,
    name: `Staff ${operators}`,
    password: 'Acme-Staff-1',
    role: 'training_supervisor',
    organizationId: acmeId,
  });
  return signedIn(stack, email, 'Acme-Staff-1');
}

/** Answers every question right, the last one last; the last answer's response. */
async function answerAll(id: number, questions: { id: string }[], before: () => Promise<unknown>) {
  for (const [index, question] of questions.slice(0, -1).entries()) {
    await tess.call(api.observationResponse, {
      params: { id },
      body: { questionId: question.id, selectedOption: QUESTION_LETTERS[index]! },
    });
  }
  await before();
  const last = questions.at(-1)!;
  return respond(tess, id, { questionId: last.id, selectedOption: QUESTION_LETTERS.at(-1)! });
}

const QUESTION_LETTERS = COOLING_QUESTIONS.map((question) => 'ABC'[question.correctIndex]!);

async function certificationsOf(userId: number): Promise<number> {
  const [row] = (await stack.observation.dataSource.query(
    `SELECT count(*)::int AS n FROM certifications WHERE user_id = $1`,
    [userId],
  )) as { n: number }[];
  return row!.n;
}

async function issuedEventsFor(userId: number): Promise<number> {
  const [row] = (await stack.observation.dataSource.query(
    `SELECT count(*)::int AS n FROM outbox
      WHERE event->'event'->>'type' = 'certification.issued'
        AND (event->'event'->'data'->>'userId')::int = $1`,
    [userId],
  )) as { n: number }[];
  return row!.n;
}

describe('completion', () => {
  it('completes without a certification when the operator was deactivated, suspended or deleted meanwhile', async () => {
    for (const gone of [
      (userId: number) =>
        stack.sql.query(`UPDATE users SET is_active = false WHERE id = $1`, [userId]),
      // As the identity provider's `active: false` leaves them: a member still, not present.
      (userId: number) =>
        stack.sql.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [userId]),
      (userId: number) => root.call(api.deleteUser, { params: { id: userId } }),
    ]) {
      const operatorId = await newOperator();
      const { id, session: first } = await startObservation(operatorId);
      const completed = await answerAll(id, first.questions, () => gone(operatorId));
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({ completed: true, score: 100, passed: true });
      const done = await session(id);
      expect(done.status).toBe('completed');
      expect(done.responses).toHaveLength(COOLING_QUESTIONS.length);
      expect(await certificationsOf(operatorId)).toBe(0);
      expect(await issuedEventsFor(operatorId)).toBe(0);
    }
  });

  it('answers a committed completion whose course update failed, and retries the update', async () => {
    const operatorId = await stack.createUser({
      email: 'cora@acme.test',
      name: 'Cora Course',
      password: 'Acme-Oper-2',
      role: 'operator',
      organizationId: acmeId,
    });
    const cora = await signedIn(stack, 'cora@acme.test', 'Acme-Oper-2');
    const course = await tess.call(api.createCourse, {
      body: {
        title: 'Cooling course',
        category: 'Food',
        duration: '1 h',
        difficulty: 'Beginner',
        documentIds: [documentId],
      },
    });
    await cora.call(api.enroll, { params: { id: course.id } });
    const db = stack.observation.dataSource;
    const completedAt = async () =>
      (
        (await db.query(`SELECT completed_at FROM enrollments WHERE user_id = $1`, [
          operatorId,
        ])) as {
          completed_at: Date | null;
        }[]
      )[0]!.completed_at;
    const owed = () =>
      db.query(`SELECT attempts FROM completion_effects WHERE observation_id = $1`, [
        id,
      ]) as Promise<{ attempts: number }[]>;
    const { id, session: first } = await startObservation(operatorId);
    // A counter the course update's trigger writes, and the completion itself does not.
    const completed = await answerAll(id, first.questions, () =>
      db.query(`ALTER TABLE course_enrolments RENAME TO course_enrolments_away`),
    ).finally(() =>
      db.query(`ALTER TABLE IF EXISTS course_enrolments_away RENAME TO course_enrolments`),
    );
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ completed: true, passed: true });
    expect(await completedAt()).toBeNull();
    expect(await owed()).toEqual([{ attempts: 1 }]);
    // A minute later: its retry is due.
    await db.query(
      `UPDATE completion_effects SET next_attempt_at = now() WHERE observation_id = $1`,
      [id],
    );
    await stack.observation.app.get(CompletionEffects).settle();
    expect(await owed()).toEqual([]);
    expect(await completedAt()).not.toBeNull();
  });
});
