import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, OBSERVATION_HISTORY_CSV_BATCH_ROWS } from '@hub/proto';
import { expectError } from './api-client.js';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
import { createNamedPeople, signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/**
 * Insights read the records the product keeps. Observations, enrolments and older sign-ins are
 * written straight into the services' tables here, because only SQL can date a record last
 * month; the figures are then read through the gateway like the web app does.
 */
let stack: TestStack;
let simulator: RunningSimulator | undefined;
let observationSql: pg.Client;
let tess: ApiSession;
let otto: ApiSession;
let gina: ApiSession;
let ivan: ApiSession;
let root: ApiSession;
let acme: number;
let globex: number;
let initech: number;
/** Initech's observations: three batches of the history CSV, the last one partial. */
const LONG_HISTORY = OBSERVATION_HISTORY_CSV_BATCH_ROWS * 2 + 500;
const ids: Record<string, number> = {};

const QUESTIONS = JSON.stringify([
  { id: 'q1', text: 'Cool within?', category: 'Safety', options: ['2 h', '6 h'], correctIndex: 0 },
  { id: 'q2', text: 'Store at?', category: 'Safety', options: ['3 °C', '12 °C'], correctIndex: 0 },
]);

/** An observation dated `daysAgo` (completed when a score is given). */
async function observation(
  organizationId: number,
  title: string,
  operator: [number, string],
  daysAgo: number,
  score: number | null,
): Promise<number> {
  const { rows } = await observationSql.query<{ id: number }>(
    `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title, questions,
       operator_id, operator_name, observer_id, observer_name, pass_mark, status, score, passed,
       started_at, completed_at, duration_seconds)
     VALUES ($1, 1, 7, $2, $3, $4, $5, $6, 'Tess Trainer', 80, $7, $8::numeric, $8::numeric >= 80,
       now() - make_interval(days => $9) - interval '10 minutes',
       CASE WHEN $8::numeric IS NULL THEN NULL ELSE now() - make_interval(days => $9) END, 600)
     RETURNING id`,
    [
      organizationId,
      title,
      QUESTIONS,
      operator[0],
      operator[1],
      ids.tess,
      score === null ? 'in_progress' : 'completed',
      score,
      daysAgo,
    ],
  );
  return rows[0]!.id;
}

async function csv(session: ApiSession) {
  const { status, headers, body } = await session.send(api.observationHistoryCsv);
  return { status, headers, text: String(body) };
}

beforeAll(async () => {
  stack = await startTestStack();
  observationSql = new pg.Client({
    connectionString: stack.databaseUrl,
    options: '-c search_path=observation',
  });
  await observationSql.connect();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  initech = await stack.createOrganization('Initech', 'initech.test');
  const people = [
    ['tess', 'Tess Trainer', 'training_supervisor', acme],
    ['otto', 'Otto Operator', 'operator', acme],
    ['mia', 'Mia Manager', 'manager', acme],
    ['gina', 'Gina Admin', 'admin', globex],
    ['ivan', 'Ivan Admin', 'admin', initech],
  ] as const;
  Object.assign(ids, await createNamedPeople(stack, people, 'Good-Pass-1', () => 'example.test'));
  const signIn = (key: string) => signedIn(stack, `${key}@example.test`, 'Good-Pass-1');
  tess = await signIn('tess');
  otto = await signIn('otto');
  gina = await signIn('gina');
  ivan = await signIn('ivan');
  await signIn('mia');
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  // Last month only Tess signed in.
  await stack.sql.query(
    `INSERT INTO sign_in_events (user_id, organization_id, method, occurred_at)
     VALUES ($1, $2, 'password', now() - interval '40 days')`,
    [ids.tess, acme],
  );

  const ottoOp: [number, string] = [ids.otto!, 'Otto Operator'];
  ids.recent = await observation(acme, 'Cooling cooked food', ottoOp, 5, 80);
  await observation(acme, 'Cooling cooked food', ottoOp, 40, 60);
  ids.today = await observation(acme, 'Hand washing', ottoOp, 0, 100);
  ids.running = await observation(acme, 'Hand washing', ottoOp, 0, null);
  await observation(globex, 'Globex press setting', [ids.gina!, 'Gina Admin'], 1, 10);
  await observationSql.query(
    `INSERT INTO findings (observation_id, organization_id, severity, category, note, created_by, status)
     VALUES ($1, $2, 'high', 'safety', 'Lid left open', $3, 'open'),
            ($1, $2, 'low', 'quality', 'Label smudged', $3, 'resolved')`,
    [ids.recent, acme, ids.tess],
  );
  const { rows: courses } = await observationSql.query<{ id: number }>(
    `INSERT INTO courses (organization_id, title, description, category, duration, difficulty, created_by, due_date)
     VALUES ($1, 'Kitchen basics', '', 'Safety', '2 h', 'Beginner', $2, current_date + 10),
            ($1, 'Old course', '', 'Safety', '1 h', 'Beginner', $2, current_date - 3),
            ($3, 'Globex onboarding', '', 'Safety', '1 h', 'Beginner', $2, current_date + 5)
     RETURNING id`,
    [acme, ids.tess, globex],
  );
  await observationSql.query(
    `INSERT INTO enrollments (course_id, user_id, enrolled_at, completed_at) VALUES
       ($1, $2, now() - interval '40 days', now() - interval '2 days'),
       ($1, $3, now() - interval '5 days', NULL)`,
    [courses[0]!.id, ids.otto, ids.mia],
  );
  // Enough history in Initech to take several export batches.
  await observationSql.query(
    `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title, questions,
       operator_id, operator_name, observer_id, observer_name, pass_mark, status, score, passed, completed_at)
     SELECT $1, 1, 9, 'Line ' || n, '[]', $2, 'Ivan Admin', $2, 'Ivan Admin', 80, 'completed', 90, true,
            now() - interval '100 days'
       FROM generate_series(1, $3::int) AS n`,
    [initech, ids.ivan, LONG_HISTORY],
  );
});

afterAll(async () => {
  await observationSql?.end();
  await stack?.stop();
  await simulator?.close();
});

describe('GET /api/stats/insights', () => {
  it('refuses operators (the spec gives Insights to staff roles only)', async () => {
    await expectError(otto.call(api.insightsStats), 403);
    expect((await csv(otto)).status).toBe(403);
    await expectError(new ApiSession(stack.url).call(api.insightsStats), 401);
  });

  it('computes the four figures and their change from last month', async () => {
    const body = await tess.call(api.insightsStats);
    expect(body).toMatchObject({
      // 80 and 100 this month against 60 last month
      performanceScore: 90,
      performanceChange: 30,
      // Tess, Otto and Mia signed in now; only Tess last month
      activeUsers: 3,
      userChange: 200,
      // Otto completed, Mia not: 50% now, 0% of the one enrolment a month ago
      completionRate: 50,
      completionChange: 50,
    });
  });

  it('gives the Observation Center its counts from the records', async () => {
    const body = await tess.call(api.insightsStats);
    expect(body.observationCenter).toEqual({
      activeObservations: 1,
      completedToday: 1,
      alerts: 1,
      cameras: 0,
    });
  });

  it("counts the organization's assigned cameras in the Observation Center", async () => {
    simulator = await startCameraSimulator();
    const integration = await root.call(api.createIntegration, {
      body: { integrationType: 'camera_cloud', baseUrl: simulator.url, ...SIMULATOR_ACCOUNTS.demo },
    });
    const assign = async (cameraId: string, organizationId: number) => {
      const assignment = await root.send(api.createCameraAssignment, {
        body: { cameraId, cameraName: cameraId, organizationId, integrationId: integration.id },
      });
      expect(assignment.status).toBe(201);
    };
    await assign('cam-101', acme);
    await assign('cam-102', acme);
    await assign('cam-103', globex);
    const cameras = async (session: ApiSession) =>
      (await session.call(api.insightsStats)).observationCenter.cameras;
    expect(await cameras(tess)).toBe(2);
    expect(await cameras(gina)).toBe(1);
    expect(await cameras(ivan)).toBe(0);
    expect(await cameras(root)).toBe(3);
  });

  it("lists the organization's recent events, newest first, linked to their records", async () => {
    const body = await tess.call(api.insightsStats);
    const activity = body.recentActivity;
    expect(activity.length).toBeGreaterThan(4);
    expect(activity).toContainEqual(
      expect.objectContaining({
        kind: 'observation_completed',
        title: 'Otto Operator passed "Hand washing"',
        link: `/observation/${ids.today}`,
      }),
    );
    expect(activity).toContainEqual(
      expect.objectContaining({
        kind: 'finding_recorded',
        title: 'Finding recorded: high safety',
        // The web app words the line from its code and parts, in its reader's language.
        text: expect.objectContaining({
          key: 'findingRecorded',
          params: expect.objectContaining({ severity: 'high', category: 'safety' }),
        }),
      }),
    );
    expect(activity).toContainEqual(
      expect.objectContaining({
        kind: 'course_completed',
        title: 'Otto Operator completed "Kitchen basics"',
        text: {
          key: 'courseCompleted',
          params: { person: 'Otto Operator', course: 'Kitchen basics' },
        },
      }),
    );
    const times = (body.recentActivity as { occurredAt: string }[]).map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(JSON.stringify(activity)).not.toMatch(/Globex/);
  });

  it('shows courses due from today on as Upcoming Goals with their progress', async () => {
    const body = await tess.call(api.insightsStats);
    expect(body.upcomingGoals).toEqual([
      expect.objectContaining({
        kind: 'course_due',
        title: 'Complete "Kitchen basics"',
        detail: '1 of 2 enrolled completed',
        text: {
          key: 'courseDue',
          params: { course: 'Kitchen basics', enrolled: 2, completed: 1 },
        },
        progress: 50,
      }),
    ]);
  });

  it('keeps every organization to its own records; the super administrator sees the platform', async () => {
    const globexView = await gina.call(api.insightsStats);
    expect(globexView).toMatchObject({
      performanceScore: 10,
      performanceChange: null,
      activeUsers: 1,
      completionRate: null,
    });
    expect(globexView.upcomingGoals).toEqual([
      expect.objectContaining({ title: 'Complete "Globex onboarding"', progress: null }),
    ]);
    expect(JSON.stringify(globexView)).not.toMatch(/Otto|Kitchen|Hand washing/);
    const platform = await root.call(api.insightsStats);
    expect(platform.observationCenter).toMatchObject({ activeObservations: 1, completedToday: 1 });
    expect(platform.upcomingGoals).toHaveLength(2);
  });
});

describe('GET /api/reports/observations.csv', () => {
  it('streams the organization’s observation history as CSV and counts the report', async () => {
    // Last month Acme exported two reports (dated by SQL, like the other records of last month).
    await observationSql.query(
      `INSERT INTO report_exports (organization_id, kind, rows, created_by, created_at)
       VALUES ($1, 'observations', 3, $2, now() - interval '40 days'),
              ($1, 'observations', 3, $2, now() - interval '45 days')`,
      [acme, ids.tess],
    );
    // None this month yet: 0 against 2 is -100 %.
    expect(await tess.call(api.insightsStats)).toMatchObject({
      reportsGenerated: 0,
      reportsChange: -100,
    });
    const { status, headers, text } = await csv(tess);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/csv/);
    expect(headers.get('content-disposition')).toMatch(
      /attachment; filename="observation-history-/,
    );
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Observation,Started,Completed,Status,SOP,Document,Operator,Observer,Questions,Answered,Correct,Score %,Passed,Pass mark %,Duration (s),Findings,Open findings',
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((line) => line.startsWith(`${ids.recent},`))).toMatch(
      /,completed,Cooling cooked food,7,Otto Operator,Tess Trainer,2,0,0,80,true,80,600,2,1$/,
    );
    expect(lines.find((line) => line.startsWith(`${ids.running},`))).toMatch(/,in_progress,/);
    expect(text).not.toMatch(/Globex|Line 1/);
    // This export against last month's two: -50 %; Globex has none in either month: no change.
    expect(await tess.call(api.insightsStats)).toMatchObject({
      reportsGenerated: 1,
      reportsChange: -50,
    });
    expect(await gina.call(api.insightsStats)).toMatchObject({
      reportsGenerated: 0,
      reportsChange: 0,
    });
  });

  it('reads a long history page by page, every row once, in order', async () => {
    const { status, text } = await csv(ivan);
    expect(status).toBe(200);
    const rows = text.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(LONG_HISTORY);
    const idsInOrder = rows.map((line) => Number(line.split(',')[0]));
    expect(new Set(idsInOrder).size).toBe(LONG_HISTORY);
    expect(text.match(/^Observation,/gm)).toHaveLength(1);
    expect([...idsInOrder].sort((a, b) => a - b)).toEqual(idsInOrder);
  });

  it("is written in the reader's language: this browser's, when they chose none", async () => {
    const response = await fetch(`${stack.url}${api.observationHistoryCsv.path}`, {
      headers: { cookie: ivan.cookie, 'accept-language': 'es-MX,es;q=0.9' },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    // The byte order mark first: Excel reads the accents right.
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, first] = new TextDecoder().decode(bytes).split('\r\n');
    expect(header).toBe(
      'Observación,Inicio,Fin,Estado,SOP,Documento,Operador,Observador,Preguntas,Respondidas,Correctas,Puntuación %,Aprobada,Nota mínima %,Duración (s),Hallazgos,Hallazgos abiertos',
    );
    expect(first).toMatch(/,(Completada|En curso),/);
  });
});

describe('course due dates', () => {
  it('refuses a due date that is not a calendar day', async () => {
    const refused = tess.call(api.createCourse, {
      body: {
        title: 'Shift start',
        category: 'Safety',
        duration: '1 h',
        difficulty: 'Beginner',
        documentIds: [1],
        dueDate: 'next friday',
      },
    });
    expect((await expectError(refused, 400)).message).toBe(
      'Enter the due date as a day (YYYY-MM-DD)',
    );
  });
});
