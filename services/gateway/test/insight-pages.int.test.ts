import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import { createNamedPeople, signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/**
 * The Insights chart pages read observations, answers, certifications and enrolments. Records
 * are written straight into the observation service's tables (only SQL can date them weeks
 * back); the pages are read through the gateway as the web app does.
 */
let stack: TestStack;
let sql: pg.Client;
let tess: ApiSession;
let otto: ApiSession;
let gina: ApiSession;
let root: ApiSession;
let acme: number;
let globex: number;
const ids: Record<string, number> = {};

const QUESTIONS = JSON.stringify([
  { id: 'q1', text: 'Cool within?', category: 'Safety', options: ['2 h', '6 h'], correctIndex: 0 },
  { id: 'q2', text: 'Store at?', category: 'Safety', options: ['3 °C', '12 °C'], correctIndex: 0 },
]);

/** A completed observation `daysAgo`, with its answers to q1 and q2 (true = correct). */
async function observation(
  organizationId: number,
  document: [number, string],
  operator: [number, string],
  observer: [number, string],
  daysAgo: number,
  answers: [boolean, boolean],
): Promise<number> {
  const score = (answers.filter(Boolean).length / 2) * 100;
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title, questions,
       operator_id, operator_name, observer_id, observer_name, pass_mark, status, score, passed,
       started_at, completed_at)
     VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, 80, 'completed', $9::numeric, $9::numeric >= 80,
       now() - make_interval(days => $10) - interval '10 minutes', now() - make_interval(days => $10))
     RETURNING id`,
    [organizationId, ...document, QUESTIONS, ...operator, ...observer, score, daysAgo],
  );
  const id = rows[0]!.id;
  await sql.query(
    `INSERT INTO observation_responses (observation_id, question_id, selected_option, selected_option_text,
       correct, time_spent_seconds, manager_notes)
     VALUES ($1, 'q1', 'a', 'a', $2, 5, ''), ($1, 'q2', 'a', 'a', $3, 5, '')`,
    [id, answers[0], answers[1]],
  );
  return id;
}

async function certification(
  organizationId: number,
  holder: [number, string],
  subjectId: number,
  issuedDaysAgo: number,
  expiresInDays: number,
) {
  await sql.query(
    `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
       validity_months, issued_at, expires_at, verification_code)
     VALUES ($1, $2, $3, 'sop', $4::int, 'SOP ' || $4::int, 12, now() - make_interval(days => $5),
       now() + make_interval(days => $6), md5(random()::text))`,
    [organizationId, ...holder, subjectId, issuedDaysAgo, expiresInDays],
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  sql = new pg.Client({
    connectionString: stack.databaseUrl,
    options: '-c search_path=observation',
  });
  await sql.connect();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  const people = [
    ['tess', 'Tess Trainer', 'training_supervisor', acme],
    ['mia', 'Mia Manager', 'manager', acme],
    ['otto', 'Otto Operator', 'operator', acme],
    ['olga', 'Olga Operator', 'operator', acme],
    ['gina', 'Gina Admin', 'admin', globex],
  ] as const;
  Object.assign(ids, await createNamedPeople(stack, people, 'Good-Pass-1', () => 'example.test'));
  const signIn = (key: string) => signedIn(stack, `${key}@example.test`, 'Good-Pass-1');
  tess = await signIn('tess');
  otto = await signIn('otto');
  gina = await signIn('gina');
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);

  const cooling: [number, string] = [7, 'Cooling cooked food'];
  const washing: [number, string] = [8, 'Hand washing'];
  const ottoOp: [number, string] = [ids.otto!, 'Otto Operator'];
  const olgaOp: [number, string] = [ids.olga!, 'Olga Operator'];
  const tessObs: [number, string] = [ids.tess!, 'Tess Trainer'];
  const miaObs: [number, string] = [ids.mia!, 'Mia Manager'];
  ids.coolFail = await observation(acme, cooling, ottoOp, tessObs, 1, [false, true]);
  ids.coolPass = await observation(acme, cooling, olgaOp, tessObs, 8, [true, true]);
  ids.coolFail2 = await observation(acme, cooling, olgaOp, miaObs, 2, [false, false]);
  ids.washPass = await observation(acme, washing, ottoOp, miaObs, 3, [true, true]);
  // Outside the 12-week window.
  await observation(acme, washing, ottoOp, miaObs, 200, [false, false]);
  await observation(
    globex,
    [9, 'Globex press setting'],
    [ids.gina!, 'Gina Admin'],
    [ids.gina!, 'Gina Admin'],
    1,
    [false, false],
  );

  await certification(acme, ottoOp, 7, 20, 10);
  await certification(acme, olgaOp, 7, 400, -5);
  await certification(globex, [ids.gina!, 'Gina Admin'], 9, 20, 100);

  const { rows: courses } = await sql.query<{ id: number }>(
    `INSERT INTO courses (organization_id, title, description, category, duration, difficulty, created_by)
     VALUES ($1, 'Kitchen basics', '', 'Safety', '2 h', 'Beginner', $2),
            ($1, 'Empty course', '', 'Safety', '1 h', 'Beginner', $2),
            ($3, 'Globex onboarding', '', 'Safety', '1 h', 'Beginner', $2)
     RETURNING id`,
    [acme, ids.tess, globex],
  );
  ids.kitchen = courses[0]!.id;
  ids.globexOnboarding = courses[2]!.id;
  await sql.query(
    `INSERT INTO course_sops (course_id, position, document_id, title) VALUES ($1, 1, 7, 'Cooling'), ($1, 2, 8, 'Washing')`,
    [ids.kitchen],
  );
  await sql.query(
    `INSERT INTO enrollments (course_id, user_id) VALUES ($1, $2), ($1, $3), ($4, $5)`,
    [ids.kitchen, ids.otto, ids.olga, courses[2]!.id, ids.gina],
  );
});

afterAll(async () => {
  await sql?.end();
  await stack?.stop();
});

describe('the Insights chart pages', () => {
  it('are for staff only', async () => {
    for (const route of [
      api.insightsObservations,
      api.insightsCertifications,
      api.insightsProgress,
    ]) {
      await expectError(otto.call(route), 403);
      await expectError(new ApiSession(stack.url).call(route), 401);
    }
  });

  it('give the weekly trend, pass rates by SOP and observer and the most-missed questions', async () => {
    const body = await tess.call(api.insightsObservations);
    expect(body.trend).toHaveLength(12);
    const weeks = body.trend;
    expect(weeks.reduce((sum, week) => sum + week.completed, 0)).toBe(4);
    expect(weeks.reduce((sum, week) => sum + week.passed, 0)).toBe(2);
    expect(body.bySop).toEqual([
      {
        documentId: 7,
        title: 'Cooling cooked food',
        observations: 3,
        passed: 1,
        passRate: 33.3,
        averageScore: 50,
      },
      {
        documentId: 8,
        title: 'Hand washing',
        observations: 1,
        passed: 1,
        passRate: 100,
        averageScore: 100,
      },
    ]);
    // Both observed twice: the earlier account (Tess) first.
    expect(body.byObserver).toEqual([
      expect.objectContaining({
        observerId: ids.tess,
        name: 'Tess Trainer',
        observations: 2,
        passRate: 50,
      }),
      expect.objectContaining({
        observerId: ids.mia,
        name: 'Mia Manager',
        observations: 2,
        passRate: 50,
      }),
    ]);
    expect(body.mostMissed[0]).toEqual({
      documentId: 7,
      sopTitle: 'Cooling cooked food',
      questionId: 'q1',
      text: 'Cool within?',
      answered: 3,
      missed: 2,
      missRate: 66.7,
    });
    expect(JSON.stringify(body)).not.toMatch(/Globex|Gina/);
  });

  it('list the observations behind a figure', async () => {
    const all = (await tess.call(api.insightsObservations)).rows;
    expect(all.map((row) => row.id)).toEqual([
      ids.coolFail,
      ids.coolFail2,
      ids.washPass,
      ids.coolPass,
    ]);
    const missedQ1 = await tess.call(api.insightsObservations, {
      query: { documentId: 7, questionId: 'q1' },
    });
    expect(missedQ1.rows.map((row) => row.id)).toEqual([ids.coolFail, ids.coolFail2]);
    const byMia = await tess.call(api.insightsObservations, { query: { observerId: ids.mia } });
    expect(byMia.rows.map((row) => row.id)).toEqual([ids.coolFail2, ids.washPass]);
    const notANumber = { invalidQuery: { documentId: 'x' } };
    await expectError(tess.call(api.insightsObservations, notANumber), 400);
  });

  it('count certifications issued, expiring and overdue by month', async () => {
    const body = await tess.call(api.insightsCertifications);
    const { months } = body;
    expect(months).toHaveLength(12);
    const month = (daysFromNow: number) =>
      new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 7);
    const at = (key: string) => months.find((entry) => entry.month === key)!;
    expect(months.reduce((sum, entry) => sum + entry.issued, 0)).toBe(1);
    expect(at(month(-20)).issued).toBe(1);
    expect(at(month(10)).expiring).toBeGreaterThanOrEqual(1);
    expect(at(month(-5)).expiring).toBeGreaterThanOrEqual(1);
    expect(months.at(-1)).toMatchObject({ overdue: 2 });
    const globexMonths = (await gina.call(api.insightsCertifications)).months;
    expect(globexMonths.at(-1)!.overdue).toBe(0);
  });

  it('give course progress by course and by person, furthest behind first', async () => {
    const body = await tess.call(api.insightsProgress);
    expect(body.courses).toEqual([
      {
        courseId: expect.any(Number),
        title: 'Empty course',
        dueDate: null,
        enrolled: 0,
        completed: 0,
        inProgress: 0,
        averageProgress: null,
      },
      // Otto passed Hand washing only (50%), Olga passed Cooling only (50%).
      {
        courseId: ids.kitchen,
        title: 'Kitchen basics',
        dueDate: null,
        enrolled: 2,
        completed: 0,
        inProgress: 2,
        averageProgress: 50,
      },
    ]);
    expect(body.totalPeople).toBe(2);
    expect(body.people).toContainEqual({
      userId: ids.otto,
      name: 'Otto Operator',
      courses: 1,
      completed: 0,
      averageProgress: 50,
      enrolments: [{ courseId: ids.kitchen, title: 'Kitchen basics', progress: 50 }],
    });
    expect(JSON.stringify(body)).not.toMatch(/Globex|Gina/);
  });

  it('cover the whole platform for the super administrator', async () => {
    const body = await root.call(api.insightsProgress);
    expect(body.courses.map((course) => course.title)).toContain('Globex onboarding');
    expect(body.people).toContainEqual(expect.objectContaining({ name: 'Gina Admin' }));
  });

  it('leave out the suspended people of every organization platform-wide', async () => {
    const suspend = (at: string) =>
      sql.query(`UPDATE identity.users SET suspended_at = ${at} WHERE id = ANY($1::int[])`, [
        [ids.gina, ids.otto],
      ]);
    await suspend('now()');
    try {
      const people = (await root.call(api.insightsProgress)).people.map((person) => person.userId);
      expect(people).toContain(ids.olga);
      expect(people).not.toContain(ids.gina);
      expect(people).not.toContain(ids.otto);
    } finally {
      await suspend('NULL');
    }
  });

  it("name a deleted member as nobody, for the web app to word in its reader's language", async () => {
    // Enrolled once, since deleted: identity no longer knows the id.
    const gone = 2_000_000_001;
    await sql.query(`INSERT INTO enrollments (course_id, user_id) VALUES ($1, $2)`, [
      ids.globexOnboarding,
      gone,
    ]);
    const body = await root.call(api.insightsProgress);
    expect(body.people).toContainEqual(expect.objectContaining({ userId: gone, name: null }));
  });

  it('list the ten questions missed most, ties by fewer answers, as grouping every answer does', async () => {
    // SOP k (0-7) observed k + 1 times: q1 missed once (answered k + 1 times), q2 missed twice
    // from the second SOP on. Seven q2 rows lead; the tenth place falls among eight q1 rows
    // missed once each, which the fewest answers win.
    const initech = await stack.createOrganization('Initech Works', 'initech.test');
    const ida = await stack.createUser({
      email: 'ida@example.test',
      name: 'Ida Admin',
      password: 'Good-Pass-1',
      role: 'admin',
      organizationId: initech,
    });
    const session = await signedIn(stack, 'ida@example.test', 'Good-Pass-1');
    for (let k = 0; k < 8; k += 1) {
      for (let j = 0; j <= k; j += 1) {
        await observation(
          initech,
          [100 + k, `SOP ${k}`],
          [ida, 'Ida Admin'],
          [ida, 'Ida Admin'],
          5,
          [j !== 0, !(k > 0 && j < 2)],
        );
      }
    }
    // The single grouping of every answer of the window, as the page answered before.
    const { rows: expected } = await sql.query(
      `WITH missed AS (
         SELECT o.document_id, r.question_id, count(*)::int AS answered,
                count(*) FILTER (WHERE NOT r.correct)::int AS missed, max(o.id) AS sample
           FROM observations o JOIN observation_responses r ON r.observation_id = o.id
          WHERE o.status = 'completed' AND o.organization_id = $1
            AND o.completed_at >= (date_trunc('week', now() AT TIME ZONE 'UTC')
                                   - interval '11 weeks') AT TIME ZONE 'UTC'
          GROUP BY o.document_id, r.question_id
         HAVING count(*) FILTER (WHERE NOT r.correct) > 0
          ORDER BY missed DESC, answered, o.document_id, r.question_id LIMIT 10)
       SELECT m.document_id AS "documentId", o.evaluation_title AS "sopTitle",
              m.question_id AS "questionId",
              coalesce((SELECT q->>'text' FROM jsonb_array_elements(o.questions) q
                         WHERE q->>'id' = m.question_id LIMIT 1), m.question_id) AS text,
              m.answered, m.missed, round(100.0 * m.missed / m.answered, 1)::float AS "missRate"
         FROM missed m JOIN observations o ON o.id = m.sample
        ORDER BY m.missed DESC, m.answered, m.document_id, m.question_id`,
      [initech],
    );
    const body = await session.call(api.insightsObservations);
    expect(body.mostMissed).toEqual(expected);
    const listed = body.mostMissed;
    expect(listed.map((row) => `${row.documentId - 100}${row.questionId}`)).toEqual([
      '1q2',
      '2q2',
      '3q2',
      '4q2',
      '5q2',
      '6q2',
      '7q2',
      '0q1',
      '1q1',
      '2q1',
    ]);
  });
});

describe('Upcoming Goals', () => {
  it('include certifications expiring within 30 days, linked to them', async () => {
    const body = await tess.call(api.insightsStats);
    expect(body.upcomingGoals).toEqual([
      expect.objectContaining({
        kind: 'certification_expiring',
        title: 'Renew "SOP 7"',
        detail: "Otto Operator's certification expires",
        text: {
          key: 'certificationExpiring',
          params: { holder: 'Otto Operator', title: 'SOP 7' },
        },
        link: '/insights/certifications?state=expiring_soon',
      }),
    ]);
    const globex = await gina.call(api.insightsStats);
    expect(globex.upcomingGoals).toEqual([]);
  });
});
