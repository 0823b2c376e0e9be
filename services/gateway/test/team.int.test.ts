import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';
import { evaluatedDocument } from './evaluated-document.js';

const PASSWORD = 'Team-Pass-123!';
/** Correct answers A, B, C. */
const QUESTIONS = [
  { text: 'Cool from 63 °C to 21 °C within?', options: ['2 hours', '4 hours', '6 hours'] },
  { text: 'Store cooled food at?', options: ['8 °C', '3 °C or below', '12 °C'] },
  { text: 'Shallow containers at most?', options: ['10 cm', '20 cm', '5 cm'] },
].map((question, index) => ({
  ...question,
  correctIndex: index,
  category: 'Safety',
  explanation: 'From the SOP.',
  sourcePassage: 'Cooling Cooked Food',
}));

let stack: TestStack;
let workers: RunningWorkers;
let tess: ApiSession;
const id: Record<string, number> = {};
let documentId: number;
let evaluationId: number;

async function observe(operatorId: number, letters: string[]) {
  const { body } = await tess.post('/api/observations/create', {
    sopDocumentId: documentId,
    evaluationId,
    operatorId,
  });
  const session = (await tess.get(`/api/observations/${body.id as number}`)).body as {
    questions: { id: string }[];
  };
  for (const [index, letter] of letters.entries()) {
    await tess.post(`/api/observations/${body.id as number}/response`, {
      questionId: session.questions[index]!.id,
      selectedOption: letter,
      selectedOptionText: '',
      timeSpentSeconds: 5,
      managerNotes: '',
    });
  }
}

async function signIn(email: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, PASSWORD)).status).toBe(200);
  return session;
}

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  const people = [
    ['tess', 'Tess Trainer', 'training_supervisor', acme, true],
    ['otto', 'Otto Operator', 'operator', acme, true],
    ['olga', 'Olga Operator', 'operator', acme, true],
    ['mia', 'Mia Manager', 'manager', acme, true],
    ['adam', 'Adam Admin', 'admin', acme, true],
    ['pat', 'Pat Pending', 'operator', acme, false],
    ['gina', 'Gina Globex', 'admin', globex, true],
  ] as const;
  for (const [key, name, role, organizationId, isActive] of people) {
    const domain = organizationId === acme ? 'acme.test' : 'globex.test';
    id[key] = await stack.createUser({
      email: `${key}@${domain}`,
      name,
      role,
      organizationId,
      isActive,
      password: PASSWORD,
    });
  }
  tess = await signIn('tess@acme.test');
  const uploaded = await tess.upload(
    '/api/library/documents/upload',
    { title: 'Cooling', tags: 'Food Safety' },
    { field: 'file', name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
  );
  documentId = uploaded.body.id as number;
  evaluationId = (await evaluatedDocument(tess, documentId)).evaluationId;
  await tess.put(`/api/library/documents/${documentId}/evaluation`, {
    title: 'Cooling cooked food',
    description: 'Cooling',
    keyLearningPoints: ['Cool fast.'],
    questions: QUESTIONS,
  });
  await tess.post(`/api/library/documents/${documentId}/evaluation/publish`);
  // Otto passes at once (100); Olga fails (0) and then passes (100).
  await observe(id.otto!, ['A', 'B', 'C']);
  await observe(id.olga!, ['C', 'C', 'A']);
  await observe(id.olga!, ['A', 'B', 'C']);
});

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

describe('team overview', () => {
  it("computes the team's figures from sign-ins and observations", async () => {
    const mia = await signIn('mia@acme.test');
    await signIn('otto@acme.test');
    const { status, body } = await mia.get('/api/stats/team');
    expect(status).toBe(200);
    // Active: tess, otto, olga, mia, adam (pat is pending); signed in today: tess, mia, otto.
    expect(body).toEqual({
      totalMembers: 5,
      presentToday: 3,
      attendanceRate: 60,
      absentCount: 2,
      topPerformers: 1,
      departmentBreakdown: { admin: 1, training_supervisor: 1, manager: 1, operator: 2 },
      performanceMetrics: {
        averagePerformance: 75,
        trainingCompletion: null,
        safetyCompliance: 66.7,
        efficiencyRating: 50,
      },
    });
  });

  it('lists members with their 90-day performance and presence', async () => {
    const members = (await tess.get('/api/team/members')).body as unknown as {
      id: number;
      performance: number | null;
      presentToday: boolean;
      department: string;
      status: string;
    }[];
    const byId = new Map(members.map((member) => [member.id, member]));
    expect(byId.get(id.otto!)).toMatchObject({
      performance: 100,
      presentToday: true,
      department: 'Operators',
    });
    expect(byId.get(id.olga!)).toMatchObject({ performance: 50, presentToday: false });
    expect(byId.get(id.pat!)).toMatchObject({ status: 'pending', performance: null });
    await stack.sql.query(
      `UPDATE observation.observations SET completed_at = now() - interval '91 days' WHERE operator_id = $1`,
      [id.olga],
    );
    const later = (await tess.get('/api/team/members')).body as unknown as typeof members;
    expect(later.find((member) => member.id === id.olga)?.performance).toBeNull();
    await stack.sql.query(
      `UPDATE observation.observations SET completed_at = now() WHERE operator_id = $1`,
      [id.olga],
    );
  });

  it("opens a member's details: certifications, observations, courses and videos", async () => {
    const video = await stack.sql.query<{ id: number }>(
      `INSERT INTO video.videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, report)
       VALUES ($1, 'Line 2 morning', 'line2.mp4', 1000, 'org/x/videos/line2.mp4', now(), $2, 'completed', $3)
       RETURNING id`,
      [
        (
          await stack.sql.query<{ organization_id: number }>(
            `SELECT organization_id FROM users WHERE id = $1`,
            [id.otto],
          )
        ).rows[0]!.organization_id,
        id.tess,
        JSON.stringify({
          identifiedOperators: [
            {
              userId: id.otto,
              name: 'Otto Operator',
              distance: 0.3,
              appearances: [
                { start: 4, end: 10 },
                { start: 20, end: 22.5 },
              ],
            },
          ],
        }),
      ],
    );
    const course = await tess.post('/api/training/courses', {
      title: 'Food safety basics',
      category: 'Food safety',
      duration: '1 hour',
      difficulty: 'Beginner',
      documentIds: [documentId],
    });
    const otto = await signIn('otto@acme.test');
    await otto.post(`/api/training/courses/${course.body.id as number}/enroll`);

    const { status, body } = await tess.get(`/api/team/members/${id.otto}`);
    expect(status).toBe(200);
    expect(body.member).toMatchObject({ id: id.otto, name: 'Otto Operator', performance: 100 });
    const certifications = body.certifications as { kind: string; title: string }[];
    expect(certifications.map((c) => [c.kind, c.title]).sort()).toEqual([
      ['course', 'Food safety basics'],
      ['sop', 'Cooling cooked food'],
    ]);
    expect(body.observations).toMatchObject([
      { title: 'Cooling cooked food', observerName: 'Tess Trainer', score: 100, passed: true },
    ]);
    expect(body.courses).toMatchObject([
      { title: 'Food safety basics', status: 'completed', progress: 100 },
    ]);
    expect(body.videos).toEqual([
      expect.objectContaining({
        videoId: video.rows[0]!.id,
        title: 'Line 2 morning',
        secondsSeen: 8.5,
        firstSeenAt: 4,
      }),
    ]);
  });

  it('is for staff of the organization only', async () => {
    const otto = await signIn('otto@acme.test');
    expect((await otto.get('/api/stats/team')).status).toBe(403);
    expect((await otto.get(`/api/team/members/${id.olga}`)).status).toBe(403);
    const gina = await signIn('gina@globex.test');
    const globex = await gina.get('/api/stats/team');
    expect(globex.body).toMatchObject({ totalMembers: 1, topPerformers: 0 });
    const other = await gina.get(`/api/team/members/${id.otto}`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Team member not found');
  });
});
