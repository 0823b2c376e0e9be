import { type Actor, identityRpc, ObservationInsights, type RpcContract } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { describe, expect, it } from 'vitest';
import type { Members } from '../team/members.js';
import { InsightsService } from './insights.service.js';
import type {
  ActivityRow,
  DueCourseRow,
  ExpiringCertificationRow,
  ReportsRepository,
} from './reports.repository.js';

const actor: Actor = { userId: 1, organizationId: 7, role: 'admin' } as Actor;
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9));

const ROWS: ActivityRow[] = [
  {
    kind: 'observation_completed',
    ref_id: 12,
    observation_id: 12,
    organization_id: 7,
    user_id: 5,
    subject: 'Hand washing',
    person: 'Otto Operator',
    other: 'Tess Trainer',
    score: '85.0',
    passed: true,
    occurred_at: at(6),
  },
  {
    kind: 'observation_started',
    ref_id: 13,
    observation_id: 13,
    organization_id: 7,
    user_id: 5,
    subject: 'Ovens',
    person: 'Otto Operator',
    other: 'Tess Trainer',
    occurred_at: at(5),
  },
  {
    kind: 'finding_recorded',
    ref_id: 3,
    observation_id: 13,
    organization_id: 7,
    user_id: 5,
    subject: 'Ovens',
    person: 'Otto Operator',
    severity: 'high',
    category: 'safety',
    occurred_at: at(4),
  },
  {
    kind: 'course_completed',
    ref_id: 2,
    organization_id: 7,
    user_id: 5,
    subject: 'Kitchen basics',
    occurred_at: at(3),
  },
  // A member deleted since: identity has no name for the id.
  {
    kind: 'course_enrolled',
    ref_id: 2,
    organization_id: 7,
    user_id: 99,
    subject: 'Kitchen basics',
    occurred_at: at(2),
  },
];

const COURSES: DueCourseRow[] = [
  { id: 2, title: 'Kitchen basics', due_day: '2026-12-10', enrolled: 2, completed: 1 },
  { id: 3, title: 'Allergens', due_day: '2026-12-20', enrolled: 0, completed: 0 },
];
const CERTIFICATIONS: ExpiringCertificationRow[] = [
  { id: 8, holder_name: 'Olga', title: 'Forklift', expires_at: new Date('2026-12-01T10:00:00Z') },
];

/**
 * Identity as the Insights ask it: the organization's day began at `dayStart`, on `date` there.
 */
function identity(dayStart: string, date = '2026-11-06') {
  const asked: { pattern: string; request: unknown }[] = [];
  const rpc = {
    call: (contract: RpcContract, request: unknown) => {
      asked.push({ pattern: contract.pattern, request });
      return Promise.resolve(
        contract.pattern === identityRpc.organizationDayStart.pattern
          ? { since: dayStart, date }
          : null,
      );
    },
  } as unknown as RpcClient;
  return { rpc, asked };
}

function service(
  rpc = identity('2026-11-06T00:00:00.000Z').rpc,
  centerSince: string[] = [],
  dueFrom: string[] = [],
): InsightsService {
  const reports = {
    periodFigures: async () => ({
      score_now: null,
      score_before: null,
      enrolled_now: 0,
      completed_now: 0,
      enrolled_before: 0,
      completed_before: 0,
      reports_now: 0,
      reports_before: 0,
    }),
    centerCounts: async (_scope: unknown, since: string) => {
      centerSince.push(since);
      return { active: 0, completed_today: 3, alerts: 0 };
    },
    recentActivity: async () => ROWS,
    dueCourses: async (_scope: unknown, _limit: number, today: string) => {
      dueFrom.push(today);
      return COURSES;
    },
    expiringCertifications: async () => CERTIFICATIONS,
  };
  const members = { names: async () => new Map([[5, 'Otto Operator']]) };
  return new InsightsService(
    reports as unknown as ReportsRepository,
    members as unknown as Members,
    rpc,
  );
}

/**
 * The web app words each line in its reader's language from a code and its parts (issue: a
 * Spanish or French reader saw the server's English); the English title and detail stay for
 * API clients.
 */
describe("Insights' recent activity and upcoming goals", () => {
  it('give each activity line its code and parts, beside the English words', async () => {
    const insights = await service().insights(actor);
    expect(ObservationInsights.parse(insights)).toEqual(insights);
    expect(insights.recentActivity.map((line) => line.text)).toEqual([
      {
        key: 'observationCompleted',
        params: {
          person: 'Otto Operator',
          subject: 'Hand washing',
          passed: true,
          score: 85,
          observer: 'Tess Trainer',
        },
      },
      {
        key: 'observationStarted',
        params: { person: 'Otto Operator', subject: 'Ovens', observer: 'Tess Trainer' },
      },
      {
        key: 'findingRecorded',
        params: { severity: 'high', category: 'safety', subject: 'Ovens', person: 'Otto Operator' },
      },
      { key: 'courseCompleted', params: { person: 'Otto Operator', course: 'Kitchen basics' } },
      // No English stand-in for a name identity does not know: the reader's language words it.
      { key: 'courseEnrolled', params: { person: null, course: 'Kitchen basics' } },
    ]);
    expect(insights.recentActivity.map((line) => [line.title, line.detail])).toEqual([
      ['Otto Operator passed "Hand washing"', 'Score 85%, observed by Tess Trainer'],
      ['Observation of Otto Operator started', '"Ovens", observed by Tess Trainer'],
      ['Finding recorded: high safety', '"Ovens", Otto Operator'],
      ['Otto Operator completed "Kitchen basics"', 'Course'],
      ['Someone started "Kitchen basics"', 'Course'],
    ]);
  });

  it('give each goal its code and parts, soonest first', async () => {
    const { upcomingGoals } = await service().insights(actor);
    expect(upcomingGoals.map((goal) => [goal.id, goal.dueAt, goal.text])).toEqual([
      [
        'certification_expiring:8',
        '2026-12-01T10:00:00.000Z',
        { key: 'certificationExpiring', params: { holder: 'Olga', title: 'Forklift' } },
      ],
      [
        'course_due:2',
        '2026-12-10',
        { key: 'courseDue', params: { course: 'Kitchen basics', enrolled: 2, completed: 1 } },
      ],
      [
        'course_due:3',
        '2026-12-20',
        { key: 'courseDue', params: { course: 'Allergens', enrolled: 0, completed: 0 } },
      ],
    ]);
    expect(upcomingGoals.map((goal) => [goal.title, goal.detail, goal.progress])).toEqual([
      ['Renew "Forklift"', "Olga's certification expires", null],
      ['Complete "Kitchen basics"', '1 of 2 enrolled completed', 50],
      ['Complete "Allergens"', 'Nobody is enrolled yet', null],
    ]);
  });
});

/**
 * The Observation Center's "completed today" counted the UTC day while the Hub's and Team
 * Overview's "today" is the organization's (identityRpc.organizationDayStart).
 */
describe("the Observation Center's completed today", () => {
  it("counts from the start of the viewer's organization's day, as identity answers it", async () => {
    const auckland = '2026-11-05T11:00:00.000Z';
    const { rpc, asked } = identity(auckland);
    const since: string[] = [];
    const insights = await service(rpc, since).insights(actor);
    expect(asked).toContainEqual({
      pattern: identityRpc.organizationDayStart.pattern,
      request: { organizationId: 7 },
    });
    expect(since).toEqual([auckland]);
    expect(insights.observationCenter.completedToday).toBe(3);
  });
});

/**
 * Upcoming Goals listed the courses due from the UTC date on: in Auckland before noon (or in
 * Honolulu after 14:00) that is not the organization's today. A due date is a calendar date, so
 * the organization's date (identity's, with its day start) bounds them.
 */
describe("Upcoming Goals' courses due from today on", () => {
  it("count from the viewer's organization's calendar date, as identity answers it", async () => {
    const { rpc, asked } = identity('2026-11-05T11:00:00.000Z', '2026-11-06');
    const dueFrom: string[] = [];
    await service(rpc, [], dueFrom).insights(actor);
    expect(dueFrom).toEqual(['2026-11-06']);
    // One question to identity serves completed today and the due courses.
    expect(asked.filter((a) => a.pattern === identityRpc.organizationDayStart.pattern)).toEqual([
      { pattern: identityRpc.organizationDayStart.pattern, request: { organizationId: 7 } },
    ]);
  });
});
