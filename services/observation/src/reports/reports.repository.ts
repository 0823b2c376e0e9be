import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type FINDING_CATEGORIES,
  type FINDING_SEVERITIES,
  INSIGHTS_PERIOD_DAYS,
  type ReportKind,
} from '@hub/proto';
import { EXPIRING_SOON_END_SQL } from '../certifications/certification-rules.js';
import type { ReportScope } from './report-scope.js';

const PERIOD = `interval '${INSIGHTS_PERIOD_DAYS} days'`;
const TWO_PERIODS = `interval '${2 * INSIGHTS_PERIOD_DAYS} days'`;

/**
 * The average score of each period (score_now: the last 30 days, score_before: the 30 before),
 * as avg() over the observations completed in them answers it: the scores' sum over their
 * count. The whole weeks between the periods' bounds are read from observation_weeks (kept by
 * triggers), only the two weeks a bound falls in from the observations (not the 75,000 of 60
 * days at the bench's scale).
 */
const PERIOD_SCORES = `WITH bounds AS (
    SELECT now() - ${TWO_PERIODS} AS start, now() - ${PERIOD} AS middle,
           date_trunc('week', (now() - ${TWO_PERIODS}) AT TIME ZONE 'UTC') AS start_week,
           date_trunc('week', (now() - ${PERIOD}) AT TIME ZONE 'UTC') AS middle_week),
  parts AS (
    SELECT w.week > b.middle_week AS recent, sum(w.score_sum) AS total, sum(w.scored) AS scored
      FROM observation_weeks w, bounds b
     WHERE w.week > b.start_week AND w.week <> b.middle_week
       AND ($1::int IS NULL OR w.organization_id = $1)
     GROUP BY 1
    UNION ALL
    SELECT o.completed_at > b.middle, sum(o.score), count(o.score)
      FROM bounds b CROSS JOIN LATERAL (
             SELECT b.start_week AS week UNION ALL SELECT b.middle_week) e
      JOIN observations o ON o.status = 'completed'
       AND o.completed_at >= e.week AT TIME ZONE 'UTC'
       AND o.completed_at < (e.week + interval '1 week') AT TIME ZONE 'UTC'
     WHERE o.completed_at > b.start AND ($1::int IS NULL OR o.organization_id = $1)
     GROUP BY 1)
  SELECT round(sum(total) FILTER (WHERE recent)
               / nullif(sum(scored) FILTER (WHERE recent), 0), 1)::float AS score_now,
         round(sum(total) FILTER (WHERE NOT recent)
               / nullif(sum(scored) FILTER (WHERE NOT recent), 0), 1)::float AS score_before
    FROM parts`;

export interface PeriodFigures {
  score_now: number | null;
  score_before: number | null;
  enrolled_now: number;
  completed_now: number;
  enrolled_before: number;
  completed_before: number;
  reports_now: number;
  reports_before: number;
}

export interface CenterCounts {
  active: number;
  completed_today: number;
  alerts: number;
}

interface ActivityBase {
  ref_id: number;
  organization_id: number;
  user_id: number | null;
  /** The SOP observed, or the course. */
  subject: string;
  occurred_at: Date;
}

interface ObservationActivity {
  observation_id: number;
  /** The operator observed. */
  person: string;
}

/**
 * One line of the Insights' recent activity, by kind: observations carry their people, a finding
 * its codes; enrolments store only a user id (their names come from identity).
 */
export type ActivityRow = ActivityBase &
  (
    | (ObservationActivity & {
        kind: 'observation_completed';
        /** The observer. */
        other: string;
        score: string;
        passed: boolean;
      })
    | (ObservationActivity & { kind: 'observation_started'; other: string })
    | (ObservationActivity & {
        kind: 'finding_recorded';
        severity: (typeof FINDING_SEVERITIES)[number];
        category: (typeof FINDING_CATEGORIES)[number];
      })
    | { kind: 'course_completed' | 'course_enrolled' }
  );

export interface ExpiringCertificationRow {
  id: number;
  holder_name: string;
  title: string;
  expires_at: Date;
}

export interface DueCourseRow {
  id: number;
  title: string;
  due_day: string;
  enrolled: number;
  completed: number;
}

/** The SQL behind insights and exports; the rules that shape it live in the services. */
@Injectable()
export class ReportsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * The scores of both periods from the weeks counted (PERIOD_SCORES); the enrolments from the counts kept
   * at enrolment (course_enrolments) less those of the last period (each course's range of
   * enrollments_time_idx): not every enrolment read (160-290 ms at 200,000).
   */
  async periodFigures(scope: ReportScope): Promise<PeriodFigures> {
    const [row] = (await this.db.query(
      `SELECT s.*, e.enrolled_now, e.completed_now,
              e.enrolled_now - e.enrolled_recently AS enrolled_before,
              e.completed_now - e.completed_recently AS completed_before, r.*
         FROM (${PERIOD_SCORES}) s,
              (SELECT coalesce(sum(k.enrolled), 0)::int AS enrolled_now,
                      coalesce(sum(k.completed), 0)::int AS completed_now,
                      coalesce(sum((SELECT count(*) FROM enrollments e WHERE e.course_id = c.id
                                      AND e.enrolled_at > now() - ${PERIOD})), 0)::int AS enrolled_recently,
                      coalesce(sum((SELECT count(*) FROM enrollments e WHERE e.course_id = c.id
                                      AND e.completed_at > now() - ${PERIOD})), 0)::int AS completed_recently
                 FROM courses c JOIN course_enrolments k ON k.course_id = c.id
                WHERE ($1::int IS NULL OR c.organization_id = $1)) e,
              (SELECT count(*) FILTER (WHERE created_at > now() - ${PERIOD})::int AS reports_now,
                      count(*) FILTER (WHERE created_at <= now() - ${PERIOD})::int AS reports_before
                 FROM report_exports WHERE created_at > now() - ${TWO_PERIODS}
                  AND ($1::int IS NULL OR organization_id = $1)) r`,
      [scope],
    )) as PeriodFigures[];
    return row!;
  }

  /**
   * In progress, completed today and open findings. `since` is when today began: the
   * organization's local midnight, as identity answers it (organizationDayStart), so the count
   * agrees with the Hub's and Team Overview's "today".
   */
  async centerCounts(scope: ReportScope, since: string): Promise<CenterCounts> {
    const [row] = (await this.db.query(
      `SELECT
         (SELECT count(*)::int FROM observations
           WHERE status = 'in_progress' AND ($1::int IS NULL OR organization_id = $1)) AS active,
         (SELECT count(*)::int FROM observations
           WHERE status = 'completed' AND completed_at >= $2::timestamptz
             AND ($1::int IS NULL OR organization_id = $1)) AS completed_today,
         (SELECT count(*)::int FROM findings
           WHERE status = 'open' AND ($1::int IS NULL OR organization_id = $1)) AS alerts`,
      [scope, since],
    )) as CenterCounts[];
    return row!;
  }

  /**
   * The latest events of each kind, merged newest first; a course's latest enrolments and
   * completions from its own index range (not every enrolment sorted).
   */
  async recentActivity(scope: ReportScope, limit: number): Promise<ActivityRow[]> {
    return (await this.db.query(
      `(SELECT 'observation_completed' AS kind, id AS ref_id, id AS observation_id, organization_id,
               operator_id AS user_id, evaluation_title AS subject, operator_name AS person,
               observer_name AS other, score::text, passed, NULL::text AS severity,
               NULL::text AS category, completed_at AS occurred_at
          FROM observations WHERE status = 'completed' AND ($1::int IS NULL OR organization_id = $1)
         ORDER BY completed_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'observation_started', id, id, organization_id, operator_id, evaluation_title,
               operator_name, observer_name, NULL, NULL, NULL, NULL, started_at
          FROM observations WHERE ($1::int IS NULL OR organization_id = $1)
         ORDER BY started_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'finding_recorded', f.id, f.observation_id, f.organization_id, o.operator_id,
               o.evaluation_title, o.operator_name, NULL, NULL, NULL, f.severity::text,
               f.category::text, f.created_at
          FROM findings f JOIN observations o ON o.id = f.observation_id
         WHERE ($1::int IS NULL OR f.organization_id = $1)
         ORDER BY f.created_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'course_completed', c.id, NULL, c.organization_id, e.user_id, c.title, NULL, NULL,
               NULL, NULL, NULL, NULL, e.completed_at
          FROM courses c CROSS JOIN LATERAL (
                 SELECT user_id, completed_at FROM enrollments e
                  WHERE e.course_id = c.id AND e.completed_at IS NOT NULL
                  ORDER BY e.completed_at DESC LIMIT $2) e
         WHERE ($1::int IS NULL OR c.organization_id = $1)
         ORDER BY e.completed_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'course_enrolled', c.id, NULL, c.organization_id, e.user_id, c.title, NULL, NULL,
               NULL, NULL, NULL, NULL, e.enrolled_at
          FROM courses c CROSS JOIN LATERAL (
                 SELECT user_id, enrolled_at FROM enrollments e WHERE e.course_id = c.id
                  ORDER BY e.enrolled_at DESC LIMIT $2) e
         WHERE ($1::int IS NULL OR c.organization_id = $1)
         ORDER BY e.enrolled_at DESC LIMIT $2)
       ORDER BY occurred_at DESC, kind LIMIT $2`,
      [scope, limit],
    )) as ActivityRow[];
  }

  /**
   * Courses due `today` (YYYY-MM-DD: the organization's calendar date, as identity answers it,
   * organizationDayStart) or later, soonest first, with how many enrolled people completed them
   * (counted at enrolment: course_enrolments).
   */
  async dueCourses(scope: ReportScope, limit: number, today: string): Promise<DueCourseRow[]> {
    return (await this.db.query(
      `SELECT c.id, c.title, to_char(c.due_date, 'YYYY-MM-DD') AS due_day,
              coalesce(k.enrolled, 0) AS enrolled, coalesce(k.completed, 0) AS completed
         FROM courses c LEFT JOIN course_enrolments k ON k.course_id = c.id
        WHERE c.due_date >= $3::date AND ($1::int IS NULL OR c.organization_id = $1)
        ORDER BY c.due_date, c.id LIMIT $2`,
      [scope, limit, today],
    )) as DueCourseRow[];
  }

  /**
   * Certifications expiring soon, soonest first, as certification-rules has it: one reaching its
   * expiry this moment is expired already, and the window is 30 days of 24 hours, not of the
   * session zone's calendar, which fell an hour short across a daylight-saving change.
   */
  async expiringCertifications(
    scope: ReportScope,
    limit: number,
  ): Promise<ExpiringCertificationRow[]> {
    return (await this.db.query(
      `SELECT id, holder_name, title, expires_at FROM certifications
        WHERE revoked_at IS NULL AND expires_at > now() AND expires_at <= ${EXPIRING_SOON_END_SQL}
          AND ($1::int IS NULL OR organization_id = $1)
        ORDER BY expires_at, id LIMIT $2`,
      [scope, limit],
    )) as ExpiringCertificationRow[];
  }

  async recordExport(
    organizationId: number,
    userId: number,
    kind: ReportKind,
    rows: number,
  ): Promise<number> {
    const [created] = (await this.db.query(
      `INSERT INTO report_exports (organization_id, kind, rows, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
      [organizationId, kind, rows, userId],
    )) as { id: number }[];
    return created!.id;
  }
}
