import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PERFORMANCE_WINDOW_DAYS } from '@hub/proto';
import type { PassCounts } from './team-figures.js';

const WINDOW = `now() - interval '${PERFORMANCE_WINDOW_DAYS} days'`;

/** The observation records behind Team Overview, all over the last 90 days. */
@Injectable()
export class TeamRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Mean completed-observation score of each of these people observed in the window. */
  async performance(organizationId: number, userIds: number[]): Promise<Map<number, number>> {
    const rows = (await this.db.query(
      `SELECT operator_id, round(avg(score), 1)::float AS score FROM observations
        WHERE organization_id = $1 AND status = 'completed' AND completed_at >= ${WINDOW}
          AND operator_id = ANY($2::int[])
        GROUP BY operator_id`,
      [organizationId, userIds],
    )) as { operator_id: number; score: number }[];
    return new Map(rows.map((row) => [row.operator_id, row.score]));
  }

  /**
   * Every observed person's mean score, as `performance` reads it, for the whole organization
   * (22,500 people at the bench's scale): summed as whole tenths, rounded half up in integers
   * (scores are 0-100, so this is `round(avg(score), 1)` exactly) and sent as two JSON arrays,
   * not a row per person (the driver's rows cost ~40 ms of the service's CPU there). Read from
   * `window_scores` (kept by triggers, migration 1767801000000): a person's sum and count as
   * they are while their earliest held completion is in the window, else the held
   * observations still in it summed (not the window's 112,500 observations aggregated).
   */
  async scores(organizationId: number): Promise<Map<number, number>> {
    const [row] = (await this.db.query(
      `WITH bounds AS (SELECT ${WINDOW} AS start)
       SELECT coalesce(json_agg(operator_id), '[]') AS ids, coalesce(json_agg(tenths), '[]') AS tenths
         FROM (SELECT s.operator_id,
                      CASE WHEN s.first_at >= b.start
                           THEN (2 * s.tenths + s.scored) / nullif(2 * s.scored, 0)
                           ELSE (SELECT (2 * sum(t) + count(t)) / nullif(2 * count(t), 0)
                                   FROM unnest(s.completed_ats, s.score_tenths) h(at, t)
                                  WHERE h.at >= b.start) END AS tenths
                 FROM window_scores s, bounds b
                WHERE s.organization_id = $1 AND s.last_at >= b.start) person`,
      [organizationId],
    )) as [{ ids: number[]; tenths: number[] }];
    return new Map(row.ids.map((id, i) => [id, row.tenths[i]! / 10]));
  }

  /**
   * Completed observations and passes per SOP over the window: the whole UTC weeks after the one
   * the window starts in from `observation_weeks` (kept by triggers, migration 1767770000000),
   * that week from its observations (up to a week's rows, not the window's 112,500 at the
   * bench's scale).
   */
  async passesBySop(organizationId: number) {
    return (await this.db.query(
      `WITH bounds AS (
         SELECT ${WINDOW} AS start, date_trunc('week', (${WINDOW}) AT TIME ZONE 'UTC') AS week)
       SELECT "documentId", sum(total)::int AS total, sum(passed)::int AS passed FROM (
         SELECT w.document_id AS "documentId", w.completed AS total, w.passed
           FROM observation_weeks w, bounds b WHERE w.organization_id = $1 AND w.week > b.week
         UNION ALL
         SELECT o.document_id, count(*), count(*) FILTER (WHERE o.passed)
           FROM observations o, bounds b
          WHERE o.organization_id = $1 AND o.status = 'completed' AND o.completed_at >= b.start
            AND o.completed_at < (b.week + interval '1 week') AT TIME ZONE 'UTC'
          GROUP BY 1) parts
        GROUP BY 1`,
      [organizationId],
    )) as (PassCounts & { documentId: number })[];
  }

  /**
   * Each person's first completed observation of each SOP (if it fell in the window): passed?
   * Read from `first_attempts`, kept by triggers on observations (migration 1767710000000).
   */
  async firstAttempts(organizationId: number): Promise<PassCounts> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE passed)::int AS passed
         FROM first_attempts WHERE organization_id = $1 AND completed_at >= ${WINDOW}`,
      [organizationId],
    )) as PassCounts[];
    return row ?? { total: 0, passed: 0 };
  }

  async observationsOf(organizationId: number, userId: number) {
    return (await this.db.query(
      `SELECT id, evaluation_title AS title, observer_name AS "observerName", status,
              score::float AS score, passed, started_at AS "startedAt", completed_at AS "completedAt"
         FROM observations WHERE organization_id = $1 AND operator_id = $2
        ORDER BY started_at DESC, id DESC LIMIT 100`,
      [organizationId, userId],
    )) as {
      id: number;
      title: string;
      observerName: string;
      status: 'in_progress' | 'completed';
      score: number | null;
      passed: boolean | null;
      startedAt: Date;
      completedAt: Date | null;
    }[];
  }

  async enrolmentsOf(organizationId: number, userId: number) {
    return (await this.db.query(
      `SELECT c.id AS "courseId", c.title, e.completed_at AS "completedAt",
              coalesce(array_agg(s.document_id) FILTER (WHERE s.document_id IS NOT NULL), '{}') AS documents
         FROM enrollments e JOIN courses c ON c.id = e.course_id
         LEFT JOIN course_sops s ON s.course_id = c.id
        WHERE e.user_id = $1 AND c.organization_id = $2
        GROUP BY c.id, c.title, e.completed_at, e.enrolled_at ORDER BY e.enrolled_at DESC`,
      [userId, organizationId],
    )) as { courseId: number; title: string; completedAt: Date | null; documents: number[] }[];
  }
}
