import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, MEMBER_VIDEOS_PAGE } from '@hub/proto';
import { type CallOptions, expectError } from './api-client.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';
import { evaluatedDocument } from './evaluated-document.js';
import { UsersService } from '../../identity/src/users/users.service.js';

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
  const { id } = await tess.call(api.createObservation, {
    body: { sopDocumentId: documentId, evaluationId, operatorId },
  });
  const session = await tess.call(api.observation, { params: { id } });
  for (const [index, letter] of letters.entries()) {
    await tess.call(api.observationResponse, {
      params: { id },
      body: {
        questionId: session.questions[index]!.id,
        selectedOption: letter,
        selectedOptionText: '',
        timeSpentSeconds: 5,
        managerNotes: '',
      },
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
  const uploaded = await tess.uploadTo(
    api.uploadDocument,
    { title: 'Cooling', tags: 'Food Safety' },
    { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
  );
  documentId = uploaded.id;
  evaluationId = (await evaluatedDocument(tess, documentId)).evaluationId;
  await tess.call(api.updateEvaluation, {
    params: { id: documentId },
    body: {
      title: 'Cooling cooked food',
      description: 'Cooling',
      keyLearningPoints: ['Cool fast.'],
      questions: QUESTIONS,
    },
  });
  await tess.call(api.publishEvaluation, { params: { id: documentId } });
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
    const body = await mia.call(api.teamStats);
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
    const members = (await tess.call(api.teamMembers)).members;
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
    const later = (await tess.call(api.teamMembers)).members;
    expect(later.find((member) => member.id === id.olga)?.performance).toBeNull();
    await stack.sql.query(
      `UPDATE observation.observations SET completed_at = now() WHERE operator_id = $1`,
      [id.olga],
    );
  });

  it('pages and searches the members on the server, never answering another organization', async () => {
    const page = (query: NonNullable<CallOptions<typeof api.teamMembers>['query']>) =>
      tess.call(api.teamMembers, { query });
    const names = (members: { name: string }[]) => members.map((member) => member.name);
    // Acme's six, by name: Adam, Mia, Olga, Otto, Pat, Tess.
    const first = await page({ pageSize: 2 });
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    expect(names(first.members)).toEqual(['Adam Admin', 'Mia Manager']);
    const third = await page({ pageSize: 2, page: 3 });
    expect(names(third.members)).toEqual(['Pat Pending', 'Tess Trainer']);
    expect((await page({ pageSize: 2, page: 4 })).members).toEqual([]);
    // Name or email, any case; Globex's people are never found.
    const operators = await page({ search: 'OPERATOR' });
    expect(operators.total).toBe(2);
    expect(names(operators.members)).toEqual(['Olga Operator', 'Otto Operator']);
    expect(names((await page({ search: 'mia@acme' })).members)).toEqual(['Mia Manager']);
    expect(await page({ search: 'globex' })).toMatchObject({ total: 0, members: [] });
    expect(await page({ search: 'Gina' })).toMatchObject({ total: 0, members: [] });
    // The choosers' filters: active observable people only.
    const observable = await page({ status: 'active', roles: 'operator,training_supervisor' });
    expect(names(observable.members)).toEqual(['Olga Operator', 'Otto Operator', 'Tess Trainer']);
    expect(names((await page({ status: 'pending' })).members)).toEqual(['Pat Pending']);
    // Someone suspended is no choice (observing them is refused), yet listed without a status.
    await stack.sql.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [id.olga]);
    try {
      const chooser = await page({ status: 'active', roles: 'operator,training_supervisor' });
      expect(chooser.total).toBe(2);
      expect(names(chooser.members)).toEqual(['Otto Operator', 'Tess Trainer']);
      // Listed as suspended, not active (nor pending): here and on their own page.
      const olga = (await page({ search: 'olga' })).members;
      expect(olga.map((member) => [member.name, member.status])).toEqual([
        ['Olga Operator', 'suspended'],
      ]);
      const detail = await tess.call(api.teamMember, { params: { id: id.olga! } });
      expect(detail.member.status).toBe('suspended');
    } finally {
      await stack.sql.query(`UPDATE users SET suspended_at = NULL WHERE id = $1`, [id.olga]);
    }
    await expectError(tess.call(api.teamMembers, { invalidQuery: { pageSize: '101' } }), 400);
    await expectError(tess.call(api.teamMembers, { invalidQuery: { roles: 'wizard' } }), 400);
    const gina = await signIn('gina@globex.test');
    const globex = await gina.call(api.teamMembers);
    expect(globex).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(names(globex.members)).toEqual(['Gina Globex']);
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
    const course = await tess.call(api.createCourse, {
      body: {
        title: 'Food safety basics',
        category: 'Food safety',
        duration: '1 hour',
        difficulty: 'Beginner',
        documentIds: [documentId],
      },
    });
    const otto = await signIn('otto@acme.test');
    await otto.call(api.enroll, { params: { id: course.id } });

    const body = await tess.call(api.teamMember, { params: { id: id.otto! } });
    expect(body.member).toMatchObject({ id: id.otto, name: 'Otto Operator', performance: 100 });
    // Read on its own (not picked out of everyone's list): the very row the list shows.
    const listed = (await tess.call(api.teamMembers)).members.find(
      (member) => member.id === id.otto,
    );
    expect(body.member).toEqual(listed);
    const pending = await tess.call(api.teamMember, { params: { id: id.pat! } });
    expect(pending.member).toMatchObject({ status: 'pending', performance: null });
    const { certifications } = body;
    expect(certifications.map((c) => [c.kind, c.title]).sort()).toEqual([
      ['course', 'Food safety basics'],
      ['sop', 'Cooling cooked food'],
    ]);
    // Their rows as the certifications page lists them (its cards and categories left out).
    const theirs = await tess.call(api.certifications, { query: { userId: id.otto!, limit: 500 } });
    expect(certifications).toEqual(theirs.certifications);
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
    expect(body).toMatchObject({ videoCount: 1, videosCursor: null });
  });

  it('pages the videos a member appears in: the details carry the first page, the route the rest', async () => {
    const organizationId = (
      await stack.sql.query<{ organization_id: number }>(
        `SELECT organization_id FROM users WHERE id = $1`,
        [id.olga],
      )
    ).rows[0]!.organization_id;
    const report = JSON.stringify({
      identifiedOperators: [
        {
          userId: id.olga,
          name: 'Olga Operator',
          distance: 0.3,
          appearances: [{ start: 1, end: 3 }],
        },
      ],
    });
    const inserted = await stack.sql.query<{ id: number }>(
      `INSERT INTO video.videos (organization_id, title, file_name, file_size, storage_key,
         recorded_at, uploaded_by, analysis_status, report)
       SELECT $1, 'Shift ' || day, 'shift.mp4', 1000, 'org/x/videos/shift-' || day || '.mp4',
              now() - make_interval(days => day), $2, 'completed', $3
         FROM generate_series(1, $4::int) day
       RETURNING id`,
      [organizationId, id.tess, report, MEMBER_VIDEOS_PAGE + 5],
    );
    const latestFirst = inserted.rows.map((row) => row.id);

    const body = await tess.call(api.teamMember, { params: { id: id.olga! } });
    expect(body.videos.map((video) => video.videoId)).toEqual(
      latestFirst.slice(0, MEMBER_VIDEOS_PAGE),
    );
    expect(body.videoCount).toBe(MEMBER_VIDEOS_PAGE + 5);
    expect(body.videosCursor).not.toBeNull();
    const rest = await tess.call(api.teamMemberVideos, {
      params: { id: id.olga! },
      query: { cursor: body.videosCursor! },
    });
    expect(rest).toMatchObject({ totalCount: MEMBER_VIDEOS_PAGE + 5, nextCursor: null });
    expect(rest.videos.map((video) => video.videoId)).toEqual(
      latestFirst.slice(MEMBER_VIDEOS_PAGE),
    );
    expect(rest.videos[0]).toMatchObject({ title: 'Shift 21', secondsSeen: 2, firstSeenAt: 1 });

    // Staff of the organization only: an operator is refused, another organization's not found.
    const otto = await signIn('otto@acme.test');
    await expectError(otto.call(api.teamMemberVideos, { params: { id: id.olga! } }), 403);
    const gina = await signIn('gina@globex.test');
    const other = gina.call(api.teamMemberVideos, { params: { id: id.olga! } });
    expect((await expectError(other, 404)).message).toBe('Team member not found');
  });

  it("asks who is present today about the member's or the page's people alone", async () => {
    const users = stack.identity.app.get(UsersService);
    const asked = vi.spyOn(users, 'signedInToday');
    try {
      const otto = await tess.call(api.teamMember, { params: { id: id.otto! } });
      expect(otto.member).toMatchObject({ id: id.otto, presentToday: true });
      const olga = await tess.call(api.teamMember, { params: { id: id.olga! } });
      expect(olga.member.presentToday).toBe(false);
      const page = await tess.call(api.teamMembers, { query: { pageSize: 3 } });
      expect(page.members.some((member) => member.presentToday)).toBe(true);
      // Not every id signed in today (tens of thousands in a large organization at work).
      expect(asked.mock.calls.map(([, userIds]) => userIds)).toEqual([
        [id.otto],
        [id.olga],
        page.members.map((member) => member.id),
      ]);
    } finally {
      asked.mockRestore();
    }
  });

  it('drops a person deactivated or deleted on the next call, identity asked before', async () => {
    const figures = async () => {
      const body = await tess.call(api.teamStats);
      return [body.totalMembers, body.performanceMetrics.averagePerformance, body.topPerformers];
    };
    // Otto 100, Olga 50 over the window; observation keeps identity's verdicts after a call.
    expect(await figures()).toEqual([5, 75, 1]);
    expect(await figures()).toEqual([5, 75, 1]);
    const setActive = (userId: number, active: boolean) =>
      stack.sql.query(`UPDATE identity.users SET is_active = $2 WHERE id = $1`, [userId, active]);
    await setActive(id.olga!, false);
    expect(await figures()).toEqual([4, 100, 1]);
    await setActive(id.olga!, true);
    expect(await figures()).toEqual([5, 75, 1]);
    await setActive(id.otto!, false);
    expect(await figures()).toEqual([4, 50, 0]);
    await setActive(id.otto!, true);
    expect(await figures()).toEqual([5, 75, 1]);
    // Suspended is not active: neither a head count nor a figure, until unsuspended.
    const setSuspended = (userId: number, suspended: boolean) =>
      stack.sql.query(
        `UPDATE identity.users SET suspended_at = CASE WHEN $2 THEN now() END WHERE id = $1`,
        [userId, suspended],
      );
    await setSuspended(id.olga!, true);
    expect(await figures()).toEqual([4, 100, 1]);
    await setSuspended(id.olga!, false);
    expect(await figures()).toEqual([5, 75, 1]);
    await stack.sql.query(`DELETE FROM identity.users WHERE id = $1`, [id.olga]);
    expect(await figures()).toEqual([4, 100, 1]);
  });

  it('is for staff of the organization only', async () => {
    const otto = await signIn('otto@acme.test');
    await expectError(otto.call(api.teamStats), 403);
    await expectError(otto.call(api.teamMember, { params: { id: id.olga! } }), 403);
    const gina = await signIn('gina@globex.test');
    const globex = await gina.call(api.teamStats);
    expect(globex).toMatchObject({ totalMembers: 1, topPerformers: 0 });
    const other = gina.call(api.teamMember, { params: { id: id.otto! } });
    expect((await expectError(other, 404)).message).toBe('Team member not found');
  });
});
