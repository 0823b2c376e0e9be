import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';
import { evaluatedDocument } from './evaluated-document.js';

const QUESTIONS = [
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
let acmeId: number;
let documentId: number;
let evaluationId: number;

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  acmeId = acme;
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
    email: 'mia@acme.test',
    name: 'Mia Manager',
    password: 'Acme-Mgr-1',
    role: 'manager',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'pat@acme.test',
    name: 'Pat Pending',
    role: 'operator',
    organizationId: acme,
    isActive: false,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
  tess = new ApiSession(stack.url);
  await tess.login('tess@acme.test', 'Acme-Super-1');
  otto = new ApiSession(stack.url);
  await otto.login('otto@acme.test', 'Acme-Oper-1');
  gina = new ApiSession(stack.url);
  await gina.login('gina@globex.test', 'Globex-Admin-1');
  const uploaded = await tess.upload(
    '/api/library/documents/upload',
    { title: 'Cooling' },
    { field: 'file', name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
  );
  documentId = uploaded.body.id as number;
  evaluationId = (await evaluatedDocument(tess, documentId)).evaluationId;
  const evaluation = (await tess.get(`/api/library/documents/${documentId}/evaluation`)).body as {
    description: string;
  };
  await tess.put(`/api/library/documents/${documentId}/evaluation`, {
    title: 'Cooling cooked food',
    description: evaluation.description,
    keyLearningPoints: ['Cool fast.'],
    questions: QUESTIONS,
  });
});

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

const start = (session: ApiSession, body: Record<string, unknown>) =>
  session.post('/api/observations/create', body);

describe('observations', () => {
  it('refuses an unpublished evaluation, then starts once it is published', async () => {
    const draft = await start(tess, {
      sopDocumentId: documentId,
      evaluationId,
      operatorId: ottoId,
    });
    expect(draft.status).toBe(400);
    expect(draft.body.message).toMatch(/not published/);
    await tess.post(`/api/library/documents/${documentId}/evaluation/publish`);
    const started = await start(tess, {
      sopDocumentId: documentId,
      evaluationId,
      operatorId: ottoId,
      initialNotes: 'Morning shift',
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ operatorName: 'Otto Operator' });
  });

  it('validates the subject, the evaluation and the observer with the spec messages', async () => {
    const noOperator = await start(tess, { evaluationId });
    expect(noOperator.body.message).toBe('Please select an operator to observe');
    const noEvaluation = await start(tess, { operatorId: ottoId });
    expect(noEvaluation.body.message).toBe('Please select a document with evaluation');
    const members = (await tess.get('/api/team/members')).body as unknown as {
      id: number;
      email: string;
      role: string;
      status: string;
    }[];
    const manager = members.find((member) => member.email === 'mia@acme.test')!;
    const pending = members.find((member) => member.email === 'pat@acme.test')!;
    expect(pending.status).toBe('pending');
    for (const operatorId of [manager.id, pending.id, 999_999]) {
      const refused = await start(tess, { evaluationId, operatorId });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^Please select an operator to observe/);
    }
    expect((await start(otto, { evaluationId, operatorId: ottoId })).status).toBe(403);
    expect((await start(gina, { evaluationId, operatorId: ottoId })).status).toBe(400);
    expect(
      (await start(tess, { sopDocumentId: documentId + 1000, evaluationId, operatorId: ottoId }))
        .status,
    ).toBe(400);
  });

  it('walks through the questions, scores on the server, never double counts, and completes', async () => {
    const { body } = await start(tess, {
      sopDocumentId: documentId,
      evaluationId,
      operatorId: ottoId,
    });
    const id = body.id as number;
    const session = (await tess.get(`/api/observations/${id}`)).body as {
      questions: { id: string; options: string[] }[];
      currentQuestionIndex: number;
      totalQuestions: number;
      evaluationTitle: string;
    };
    expect(session).toMatchObject({
      currentQuestionIndex: 0,
      totalQuestions: 4,
      evaluationTitle: 'Cooling cooked food',
    });
    expect(JSON.stringify(session)).not.toContain('correctIndex');
    expect((await gina.get(`/api/observations/${id}`)).status).toBe(404);

    const answer = (index: number, letter: string) =>
      tess.post(`/api/observations/${id}/response`, {
        questionId: session.questions[index]!.id,
        selectedOption: letter,
        selectedOptionText: '',
        timeSpentSeconds: 7,
        managerNotes: index === 0 ? 'Hesitated' : '',
      });
    expect(
      (await tess.post(`/api/observations/${id}/response`, { questionId: 'q1' })).body.message,
    ).toBe('Please select an option before continuing');
    expect((await answer(0, 'B')).body).toMatchObject({ completed: false, nextQuestionIndex: 1 });
    expect((await answer(0, 'A')).body).toMatchObject({ completed: false, nextQuestionIndex: 1 });
    expect((await answer(1, 'B')).body).toMatchObject({ completed: false, nextQuestionIndex: 2 });
    expect((await answer(2, 'A')).body).toMatchObject({ completed: false, nextQuestionIndex: 3 });
    const last = await answer(3, 'A');
    expect(last.body).toMatchObject({
      completed: true,
      nextQuestionIndex: null,
      score: 75,
      passed: false,
    });
    const summary = (await tess.get(`/api/observations/${id}`)).body as {
      status: string;
      responses: {
        questionId: string;
        selectedOption: string;
        correct: boolean | null;
        managerNotes: string;
      }[];
    };
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
    const late = await answer(3, 'B');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This observation is already completed.');

    const notices = (await otto.get('/api/notifications')).body.notifications as unknown as {
      title: string;
      message: string;
    }[];
    expect(notices.find((notice) => notice.title === 'Observation completed')?.message).toMatch(
      /did not pass .* 75%/,
    );
  });

  it('records findings, lists observations with counters, and follows the pass mark', async () => {
    expect((await tess.put('/api/observations/settings', { passMark: 70 })).body).toEqual({
      passMark: 70,
    });
    const mia = new ApiSession(stack.url);
    await mia.login('mia@acme.test', 'Acme-Mgr-1');
    expect((await mia.put('/api/observations/settings', { passMark: 10 })).status).toBe(403);
    const { body } = await start(tess, {
      sopDocumentId: documentId,
      evaluationId,
      operatorId: ottoId,
    });
    const id = body.id as number;
    const finding = await tess.post(`/api/observations/${id}/findings`, {
      severity: 'high',
      category: 'safety',
      note: 'No gloves',
    });
    expect(finding.status).toBe(201);
    expect(
      (
        await tess.post(`/api/observations/${id}/findings`, {
          severity: 'huge',
          category: 'safety',
          note: 'x',
        })
      ).body.message,
    ).toBe('Please choose a severity.');
    for (const [index, letter] of ['A', 'B', 'C', 'A'].entries()) {
      const session = (await tess.get(`/api/observations/${id}`)).body as {
        questions: { id: string }[];
      };
      await tess.post(`/api/observations/${id}/response`, {
        questionId: session.questions[index]!.id,
        selectedOption: letter,
      });
    }
    const list = (await tess.get('/api/observations?search=otto')).body as {
      observations: {
        id: number;
        status: string;
        score: number | null;
        passed: boolean | null;
        openFindings: number;
        passMark: number;
      }[];
      counters: { open: number; inProgress: number; resolved: number; total: number };
    };
    expect(list.observations.find((o) => o.id === id)).toMatchObject({
      status: 'completed',
      score: 100,
      passed: true,
      openFindings: 1,
      passMark: 70,
    });
    expect(list.counters).toEqual({ open: 1, inProgress: 1, resolved: 1, total: 3 });
    await tess.post(`/api/observations/${id}/findings/${finding.body.id}/resolve`);
    const after = (await tess.get('/api/observations')).body as {
      counters: { open: number; resolved: number };
    };
    expect(after.counters).toMatchObject({ open: 0, resolved: 2 });
    expect(
      ((await gina.get('/api/observations')).body as { counters: { total: number } }).counters
        .total,
    ).toBe(0);
    const team = (await tess.get('/api/team/members')).body as unknown as {
      email: string;
      performance: number | null;
    }[];
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
    const hub = (await tess.get('/api/stats/dashboard')).body as {
      performanceOverview: Record<string, number | null>;
    };
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
  const rows = (await otto.get('/api/training/enrollments')).body as unknown as {
    courseId: number;
  }[];
  return rows.find((row) => row.courseId === courseId);
}

/** The Hub's Training Completion for Acme, as its training supervisor sees it. */
async function trainingCompletion() {
  const hub = (await tess.get('/api/stats/dashboard')).body as {
    performanceOverview: { trainingCompletion: number | null };
  };
  return hub.performanceOverview.trainingCompletion;
}

describe('training centre', () => {
  it('runs a course from creation to completion and rating, with progress from passed observations', async () => {
    expect((await otto.post('/api/training/courses', {})).status).toBe(403);
    const invalid = await tess.post('/api/training/courses', {
      title: '',
      category: 'Food',
      duration: '1 h',
      difficulty: 'Beginner',
      documentIds: [documentId],
    });
    expect(invalid.body.message).toBe('Title is required');
    const course = await tess.post('/api/training/courses', {
      title: 'Food safety basics',
      description: 'Cooling and storage',
      category: 'Food safety',
      duration: '1 hour',
      difficulty: 'Beginner',
      documentIds: [documentId],
    });
    expect(course.status).toBe(201);
    const courseId = course.body.id as number;
    const before = (
      (await otto.get('/api/training/courses')).body.courses as unknown as {
        id: number;
        status: string;
        enrolled: number;
      }[]
    ).find((c) => c.id === courseId);
    // Otto already passed this SOP's evaluation in the previous observation (100% over a 70% mark):
    // the card says so in its progress and status as in its SOP list, before enrolling.
    const sameCard = {
      status: 'completed',
      progress: 100,
      sops: [expect.objectContaining({ documentId, passed: true })],
    };
    expect(before).toMatchObject({ ...sameCard, enrolled: 0, enrolledAt: null });
    // Rating waits for the enrolment that records the completion.
    expect((await otto.post(`/api/training/courses/${courseId}/rate`, { rating: 5 })).status).toBe(
      409,
    );
    const enrolled = await otto.post(`/api/training/courses/${courseId}/enroll`);
    expect(enrolled.body).toMatchObject({
      ...sameCard,
      enrolled: 1,
      enrolledAt: expect.any(String),
    });
    const rated = await otto.post(`/api/training/courses/${courseId}/rate`, { rating: 4 });
    expect(rated.body).toMatchObject({ rating: 4, ratingCount: 1, myRating: 4 });
    const enrollments = (await otto.get('/api/training/enrollments')).body as unknown as {
      courseId: number;
      status: string;
    }[];
    // Enrolling in a course whose SOPs are already passed completes the enrolment at once.
    expect(enrollments).toEqual([
      expect.objectContaining({ courseId, status: 'completed', completedAt: expect.any(String) }),
    ]);
    expect(await trainingCompletion()).toBe(100);
    expect((await gina.get('/api/training/courses')).body).toMatchObject({
      courses: [],
      totalCount: 0,
      nextCursor: null,
    });
  });

  it('moves a learner from in progress to completed when an observation is passed', async () => {
    const second = await tess.upload(
      '/api/library/documents/upload',
      { title: 'Cooling 2' },
      { field: 'file', name: 'c2.pdf', data: sopPdf(COOLING_SOP) },
    );
    const secondId = second.body.id as number;
    const secondEvaluation = (await evaluatedDocument(tess, secondId)).evaluationId;
    const refused = await tess.post('/api/training/courses', {
      title: 'Two',
      category: 'Food',
      duration: '2 h',
      difficulty: 'Intermediate',
      documentIds: [documentId, secondId],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/no published evaluation: Cooling 2/);
    await tess.post(`/api/library/documents/${secondId}/evaluation/publish`);
    const course = await tess.post('/api/training/courses', {
      title: 'Two',
      category: 'Food',
      duration: '2 h',
      difficulty: 'Intermediate',
      documentIds: [documentId, secondId],
    });
    const courseId = course.body.id as number;
    const enrolled = await otto.post(`/api/training/courses/${courseId}/enroll`);
    expect(enrolled.body).toMatchObject({ status: 'in_progress', progress: 50 });
    expect(await enrolment(courseId)).toMatchObject({ status: 'in_progress', completedAt: null });
    expect(await trainingCompletion()).toBe(50);
    // A course edited down to the passed SOP completes its enrolments.
    const edited = await tess.post('/api/training/courses', {
      title: 'Three',
      category: 'Food',
      duration: '2 h',
      difficulty: 'Intermediate',
      documentIds: [documentId, secondId],
    });
    const editedId = edited.body.id as number;
    await otto.post(`/api/training/courses/${editedId}/enroll`);
    expect(await trainingCompletion()).toBe(33.3);
    const saved = await tess.put(`/api/training/courses/${editedId}`, {
      title: 'Three',
      category: 'Food',
      duration: '1 h',
      difficulty: 'Beginner',
      documentIds: [documentId],
    });
    expect(saved.status).toBe(200);
    expect(await enrolment(editedId)).toMatchObject({ completedAt: expect.any(String) });
    expect(await trainingCompletion()).toBe(66.7);
    const { body } = await start(tess, {
      sopDocumentId: secondId,
      evaluationId: secondEvaluation,
      operatorId: ottoId,
    });
    const session = (await tess.get(`/api/observations/${body.id}`)).body as {
      questions: { id: string }[];
    };
    const evaluation = (await tess.get(`/api/library/documents/${secondId}/evaluation`)).body as {
      questions: { correctOption: string }[];
    };
    for (const [index, question] of session.questions.entries()) {
      await tess.post(`/api/observations/${body.id}/response`, {
        questionId: question.id,
        selectedOption: evaluation.questions[index]!.correctOption,
      });
    }
    const after = (
      (await otto.get('/api/training/courses')).body.courses as unknown as {
        id: number;
        status: string;
        progress: number;
      }[]
    ).find((c) => c.id === courseId);
    expect(after).toMatchObject({ status: 'completed', progress: 100 });
    expect(await enrolment(courseId)).toMatchObject({
      status: 'completed',
      progress: 100,
      completedAt: expect.any(String),
    });
    expect(await trainingCompletion()).toBe(100);
  });

  it('removes observation data of a deleted organization', async () => {
    const root = new ApiSession(stack.url);
    await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    const me = (await tess.get('/api/user')).body as { organizationId: number };
    await root.delete(`/api/admin/organizations/${me.organizationId}`);
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
    const courses = await stack.observation.dataSource.query(
      `SELECT 1 FROM courses WHERE organization_id = $1`,
      [me.organizationId],
    );
    expect(courses).toEqual([]);
  });
});
