import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ReviewEvaluation } from '@hub/proto';
import { type BodyOf, expectError, parseAnswer } from './api-client.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { ApiSession, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { signedIn } from './tenant-fixtures.js';
import { coolingQuestions, coolingSopDraft, evaluatedDocument } from './evaluated-document.js';
import {
  type ObservationCast,
  startObservationCast,
  stopObservationCast,
} from './observation-cast.js';

const QUESTIONS = coolingQuestions([
  {
    text: 'Within how long must food be cooled from 63 °C to 21 °C?',
    options: ['2 hours', '4 hours', '6 hours'],
    correctIndex: 0,
  },
  {
    text: 'At what temperature is cooled food stored?',
    options: ['8 °C', '3 °C or below', '12 °C'],
    correctIndex: 1,
  },
  {
    text: 'How deep may the shallow containers be?',
    options: ['10 cm', '20 cm', '5 cm'],
    correctIndex: 2,
  },
  {
    text: 'What must each container be labelled with?',
    options: ['Date, time and initials', 'The cook', 'Nothing'],
    correctIndex: 0,
  },
]);

let stack: TestStack;
let cast: ObservationCast;
let tess: ApiSession;
let otto: ApiSession;
let gina: ApiSession;
let ottoId: number;
let acmeId: number;
let documentId: number;
let evaluationId: number;

beforeAll(async () => {
  cast = await startObservationCast();
  ({ stack, tess, otto, gina, ottoId, acmeId } = cast);
  await stack.createUser({
    email: 'mia@acme.test',
    name: 'Mia Manager',
    password: 'Acme-Mgr-1',
    role: 'manager',
    organizationId: acmeId,
  });
  await stack.createUser({
    email: 'pat@acme.test',
    name: 'Pat Pending',
    role: 'operator',
    organizationId: acmeId,
    isActive: false,
  });
  // Left unpublished: a suite's test publishes it once it was refused.
  ({ documentId, evaluationId } = await coolingSopDraft(tess, QUESTIONS));
});

afterAll(() => stopObservationCast(cast));

const start = (session: ApiSession, body: BodyOf<typeof api.createObservation>) =>
  session.call(api.createObservation, { body });

const observation = (id: number) => tess.call(api.observation, { params: { id } });

const publish = (id: number) => tess.call(api.publishEvaluation, { params: { id } });

const createCourse = (body: BodyOf<typeof api.createCourse>) =>
  tess.call(api.createCourse, { body });

describe('observations', () => {
  it('refuses an unpublished evaluation, then starts once it is published', async () => {
    const draft = start(tess, { sopDocumentId: documentId, evaluationId, operatorId: ottoId });
    expect((await expectError(draft, 400)).message).toMatch(/not published/);
    await publish(documentId);
    const started = await tess.send(api.createObservation, {
      body: {
        sopDocumentId: documentId,
        evaluationId,
        operatorId: ottoId,
        initialNotes: 'Morning shift',
      },
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ operatorName: 'Otto Operator' });
  });

  it('validates the subject, the evaluation and the observer with the spec messages', async () => {
    const noOperator = await expectError(
      tess.call(api.createObservation, { invalidBody: { evaluationId } }),
      400,
    );
    expect(noOperator.message).toBe('Please select an operator to observe');
    const noEvaluation = await expectError(
      tess.call(api.createObservation, { invalidBody: { operatorId: ottoId } }),
      400,
    );
    expect(noEvaluation.message).toBe('Please select a document with evaluation');
    const members = (await tess.call(api.teamMembers)).members;
    const manager = members.find((member) => member.email === 'mia@acme.test')!;
    const pending = members.find((member) => member.email === 'pat@acme.test')!;
    expect(pending.status).toBe('pending');
    for (const operatorId of [manager.id, pending.id, 999_999]) {
      const refused = await expectError(start(tess, { evaluationId, operatorId }), 400);
      expect(refused.message).toMatch(/^Please select an operator to observe/);
    }
    await expectError(start(otto, { evaluationId, operatorId: ottoId }), 403);
    await expectError(start(gina, { evaluationId, operatorId: ottoId }), 400);
    const otherDocument = { sopDocumentId: documentId + 1000, evaluationId, operatorId: ottoId };
    await expectError(start(tess, otherDocument), 400);
  });

  it('walks through the questions, scores on the server, never double counts, and completes', async () => {
    const { id } = await start(tess, {
      sopDocumentId: documentId,
      evaluationId,
      operatorId: ottoId,
    });
    // The observation as sent: a response schema would drop a leaked answer key.
    const sent = await tess.send(api.observation, { params: { id } });
    const session = parseAnswer(api.observation, sent);
    expect(session).toMatchObject({
      currentQuestionIndex: 0,
      totalQuestions: 4,
      evaluationTitle: 'Cooling cooked food',
    });
    expect(JSON.stringify(sent.body)).not.toContain('correctIndex');
    await expectError(gina.call(api.observation, { params: { id } }), 404);

    const answer = (index: number, letter: string) =>
      tess.call(api.observationResponse, {
        params: { id },
        body: {
          questionId: session.questions[index]!.id,
          selectedOption: letter,
          selectedOptionText: '',
          timeSpentSeconds: 7,
          managerNotes: index === 0 ? 'Hesitated' : '',
        },
      });
    const noOption = tess.call(api.observationResponse, {
      params: { id },
      invalidBody: { questionId: 'q1' },
    });
    expect((await expectError(noOption, 400)).message).toBe(
      'Please select an option before continuing',
    );
    expect(await answer(0, 'B')).toMatchObject({ completed: false, nextQuestionIndex: 1 });
    expect(await answer(0, 'A')).toMatchObject({ completed: false, nextQuestionIndex: 1 });
    expect(await answer(1, 'B')).toMatchObject({ completed: false, nextQuestionIndex: 2 });
    expect(await answer(2, 'A')).toMatchObject({ completed: false, nextQuestionIndex: 3 });
    const last = await answer(3, 'A');
    expect(last).toMatchObject({
      completed: true,
      nextQuestionIndex: null,
      score: 75,
      passed: false,
    });
    const summary = await observation(id);
    expect(summary.status).toBe('completed');
    expect(
      summary.responses.map((response) => [response.selectedOption, response.correct]),
    ).toEqual([
      ['A', true],
      ['B', true],
      ['A', false],
      ['A', true],
    ]);
    expect(summary.responses[0]!.managerNotes).toBe('Hesitated');
    const late = await expectError(answer(3, 'B'), 409);
    expect(late.message).toBe('This observation is already completed.');

    const { notifications: notices } = await otto.call(api.notifications);
    expect(notices.find((notice) => notice.title === 'Observation completed')?.message).toMatch(
      /did not pass .* 75%/,
    );
  });

  it('records findings, lists observations with counters, and follows the pass mark', async () => {
    const passMark = (session: ApiSession, mark: number) =>
      session.call(api.saveObservationSettings, { body: { passMark: mark } });
    expect(await passMark(tess, 70)).toEqual({ passMark: 70 });
    const mia = await signedIn(stack, 'mia@acme.test', 'Acme-Mgr-1');
    await expectError(passMark(mia, 10), 403);
    const { id } = await start(tess, {
      sopDocumentId: documentId,
      evaluationId,
      operatorId: ottoId,
    });
    const added = await tess.send(api.addFinding, {
      params: { id },
      body: { severity: 'high', category: 'safety', note: 'No gloves' },
    });
    expect(added.status).toBe(201);
    const finding = parseAnswer(api.addFinding, added);
    const huge = tess.call(api.addFinding, {
      params: { id },
      invalidBody: { severity: 'huge', category: 'safety', note: 'x' },
    });
    expect((await expectError(huge, 400)).message).toBe('Please choose a severity.');
    for (const [index, letter] of ['A', 'B', 'C', 'A'].entries()) {
      const session = await observation(id);
      await tess.call(api.observationResponse, {
        params: { id },
        body: { questionId: session.questions[index]!.id, selectedOption: letter },
      });
    }
    const list = await tess.call(api.observations, { query: { search: 'otto' } });
    expect(list.observations.find((o) => o.id === id)).toMatchObject({
      status: 'completed',
      score: 100,
      passed: true,
      openFindings: 1,
      passMark: 70,
    });
    expect(list.counters).toEqual({ open: 1, inProgress: 1, resolved: 1, total: 3 });
    await tess.call(api.resolveFinding, { params: { id, findingId: finding.id } });
    const after = await tess.call(api.observations);
    expect(after.counters).toMatchObject({ open: 0, resolved: 2 });
    expect((await gina.call(api.observations)).counters.total).toBe(0);
    const team = (await tess.call(api.teamMembers)).members;
    expect(team.find((member) => member.email === 'otto@acme.test')?.performance).toBe(87.5);
    // Sam joins and has not signed in. Mia and Pat joined two months ago (only SQL can date a
    // user); Tess, Otto and Sam this month.
    await stack.createUser({
      email: 'sam@acme.test',
      name: 'Sam Starter',
      role: 'operator',
      organizationId: acmeId,
    });
    await stack.sql.query(
      `UPDATE users SET created_at = now() - interval '60 days' WHERE email = ANY($1::text[])`,
      [['mia@acme.test', 'pat@acme.test']],
    );
    const hub = await tess.call(api.dashboardStats);
    expect(hub.performanceOverview).toEqual({
      // Signed in today: Tess, Otto and Mia of the four active (Pat is pending): 3 / 4.
      attendanceRate: 75,
      performanceScore: 87.5,
      trainingCompletion: null,
      // Joined in the last 30 days against the people there before them: 3 / 2.
      monthlyGrowth: 150,
    });
  });
});

/** Otto's enrolment in one course, as the enrolments route answers it. */
async function enrolment(courseId: number) {
  const rows = await otto.call(api.enrollments);
  return rows.find((row) => row.courseId === courseId);
}

/** The Hub's Training Completion for Acme, as its training supervisor sees it. */
async function trainingCompletion() {
  const hub = await tess.call(api.dashboardStats);
  return hub.performanceOverview.trainingCompletion;
}

describe('training centre', () => {
  it('runs a course from creation to completion and rating, with progress from passed observations', async () => {
    await expectError(otto.call(api.createCourse, { invalidBody: {} }), 403);
    const invalid = createCourse({
      title: '',
      category: 'Food',
      duration: '1 h',
      difficulty: 'Beginner',
      documentIds: [documentId],
    });
    expect((await expectError(invalid, 400)).message).toBe('Title is required');
    const created = await tess.send(api.createCourse, {
      body: {
        title: 'Food safety basics',
        description: 'Cooling and storage',
        category: 'Food safety',
        duration: '1 hour',
        difficulty: 'Beginner',
        documentIds: [documentId],
      },
    });
    expect(created.status).toBe(201);
    const courseId = parseAnswer(api.createCourse, created).id;
    const before = (await otto.call(api.courses)).courses.find((c) => c.id === courseId);
    // Otto already passed this SOP's evaluation in the previous observation (100% over a 70% mark):
    // the card says so in its progress as in its SOP list, before enrolling; completed (and
    // counted among the certificates earned) once the enrolment records it with its certificate.
    const sameCard = {
      progress: 100,
      changedSinceCompletion: false,
      sops: [expect.objectContaining({ documentId, passed: true })],
    };
    expect(before).toMatchObject({
      ...sameCard,
      status: 'in_progress',
      enrolled: 0,
      enrolledAt: null,
    });
    // Rating waits for the enrolment that records the completion.
    const rate = (rating: number) =>
      otto.call(api.rateCourse, { params: { id: courseId }, body: { rating } });
    await expectError(rate(5), 409);
    const enrolled = await otto.call(api.enroll, { params: { id: courseId } });
    expect(enrolled).toMatchObject({
      ...sameCard,
      status: 'completed',
      enrolled: 1,
      enrolledAt: expect.any(String),
    });
    expect(await rate(4)).toMatchObject({ rating: 4, ratingCount: 1, myRating: 4 });
    const enrollments = await otto.call(api.enrollments);
    // Enrolling in a course whose SOPs are already passed completes the enrolment at once.
    expect(enrollments).toEqual([
      expect.objectContaining({ courseId, status: 'completed', completedAt: expect.any(String) }),
    ]);
    expect(await trainingCompletion()).toBe(100);
    expect(await gina.call(api.courses)).toMatchObject({
      courses: [],
      totalCount: 0,
      nextCursor: null,
    });
  });

  it('moves a learner from in progress to completed when an observation is passed', async () => {
    const second = await tess.uploadTo(
      api.uploadDocument,
      { title: 'Cooling 2' },
      { name: 'c2.pdf', data: sopPdf(COOLING_SOP) },
    );
    const secondId = second.id;
    const secondEvaluation = (await evaluatedDocument(tess, secondId)).evaluationId;
    const two: BodyOf<typeof api.createCourse> = {
      title: 'Two',
      category: 'Food',
      duration: '2 h',
      difficulty: 'Intermediate',
      documentIds: [documentId, secondId],
    };
    const refused = await expectError(createCourse(two), 400);
    expect(refused.message).toMatch(/no published evaluation: Cooling 2/);
    await publish(secondId);
    const courseId = (await createCourse(two)).id;
    const enrolled = await otto.call(api.enroll, { params: { id: courseId } });
    expect(enrolled).toMatchObject({ status: 'in_progress', progress: 50 });
    expect(await enrolment(courseId)).toMatchObject({ status: 'in_progress', completedAt: null });
    expect(await trainingCompletion()).toBe(50);
    // A course edited down to the passed SOP completes its enrolments.
    const editedId = (await createCourse({ ...two, title: 'Three' })).id;
    await otto.call(api.enroll, { params: { id: editedId } });
    expect(await trainingCompletion()).toBe(33.3);
    await tess.call(api.updateCourse, {
      params: { id: editedId },
      body: {
        title: 'Three',
        category: 'Food',
        duration: '1 h',
        difficulty: 'Beginner',
        documentIds: [documentId],
      },
    });
    expect(await enrolment(editedId)).toMatchObject({ completedAt: expect.any(String) });
    expect(await trainingCompletion()).toBe(66.7);
    const { id } = await start(tess, {
      sopDocumentId: secondId,
      evaluationId: secondEvaluation,
      operatorId: ottoId,
    });
    const session = await observation(id);
    const evaluation = ReviewEvaluation.parse(
      await tess.call(api.documentEvaluation, { params: { id: secondId } }),
    );
    for (const [index, question] of session.questions.entries()) {
      await tess.call(api.observationResponse, {
        params: { id },
        body: {
          questionId: question.id,
          selectedOption: evaluation.questions[index]!.correctOption,
        },
      });
    }
    const after = (await otto.call(api.courses)).courses.find((c) => c.id === courseId);
    expect(after).toMatchObject({ status: 'completed', progress: 100 });
    expect(await enrolment(courseId)).toMatchObject({
      status: 'completed',
      progress: 100,
      completedAt: expect.any(String),
    });
    expect(await trainingCompletion()).toBe(100);
  });

  it('lets go of a deleted SOP in job functions, courses and cameras, completing what it held open', async () => {
    const third = await tess.uploadTo(
      api.uploadDocument,
      { title: 'Cooling 3' },
      { name: 'c3.pdf', data: sopPdf(COOLING_SOP) },
    );
    await evaluatedDocument(tess, third.id);
    await publish(third.id);
    await stack.createUser({
      email: 'ada@acme.test',
      name: 'Ada Admin',
      password: 'Acme-Admin-1',
      role: 'admin',
      organizationId: acmeId,
    });
    const ada = await signedIn(stack, 'ada@acme.test', 'Acme-Admin-1');
    const jobFunction = await ada.call(api.createJobFunction, {
      body: { name: 'Cook', documentIds: [documentId, third.id] },
    });
    const courseId = (
      await createCourse({
        title: 'Four',
        category: 'Food',
        duration: '1 h',
        difficulty: 'Beginner',
        documentIds: [documentId, third.id],
      })
    ).id;
    expect(await otto.call(api.enroll, { params: { id: courseId } })).toMatchObject({
      status: 'in_progress',
    });
    const integration = stack.integration.dataSource;
    const [{ id: integrationId }] = (await integration.query(
      `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
       VALUES ('sop-removal', 'http://cameras.test', '', 'k', 1) RETURNING id`,
    )) as [{ id: number }];
    await integration.query(
      `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, sop_ids, created_by)
       VALUES ($1, 'kitchen', 'Kitchen', $2, $3, 1)`,
      [integrationId, acmeId, [documentId, third.id]],
    );

    await tess.call(api.deleteDocument, { params: { id: third.id } });
    const kept = [expect.objectContaining({ documentId })];
    await expect
      .poll(async () => (await enrolment(courseId))?.completedAt ?? null, { timeout: 10_000 })
      .toEqual(expect.any(String));
    const course = (await otto.call(api.courses)).courses.find((c) => c.id === courseId);
    expect(course).toMatchObject({ status: 'completed', sops: kept });
    expect(course?.sops).toHaveLength(1);
    const functions = (await ada.call(api.jobFunctions)).jobFunctions;
    expect(functions.find((f) => f.id === jobFunction.id)?.requiredSops).toEqual(kept);
    await expect
      .poll(
        async () =>
          (
            (await integration.query(
              `SELECT sop_ids FROM camera_assignments WHERE integration_id = $1`,
              [integrationId],
            )) as { sop_ids: number[] }[]
          )[0]?.sop_ids,
        { timeout: 10_000 },
      )
      .toEqual([documentId]);
  });

  it('removes observation data of a deleted organization', async () => {
    const root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
    const me = await tess.call(api.currentUser);
    await root.call(api.deleteOrganization, { params: { id: me.organizationId! } });
    await expect
      .poll(
        async () =>
          (
            await stack.observation.dataSource.query(
              `SELECT count(*)::int AS n FROM observations WHERE organization_id = $1`,
              [me.organizationId],
            )
          )[0].n,
        { timeout: 10_000 },
      )
      .toBe(0);
    // Every table of the service that names an organization, the answers counted per week
    // included (its completed observations above counted some): none keeps a row of it.
    const tables = (await stack.observation.dataSource.query(
      `SELECT table_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'organization_id'
          AND table_name IN (SELECT table_name FROM information_schema.tables
                              WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')`,
    )) as { name: string }[];
    expect(tables.map((table) => table.name)).toContain('observation_question_weeks');
    const left: string[] = [];
    for (const { name } of tables) {
      const [row] = (await stack.observation.dataSource.query(
        `SELECT count(*)::int AS n FROM "${name}" WHERE organization_id = $1`,
        [me.organizationId],
      )) as { n: number }[];
      if (row!.n > 0) left.push(`${name}: ${row!.n}`);
    }
    expect(left).toEqual([]);
  });
});
