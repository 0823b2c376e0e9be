import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CERTIFICATION_TREND_MONTHS_AHEAD,
  CERTIFICATION_TREND_MONTHS_BACK,
  INSIGHT_ROWS,
  OBSERVATION_TREND_WEEKS,
  type ObservationInsightsPage,
  type ObservationInsightsQuery,
  type ProgressInsightsPage,
} from '@hub/proto';
import type { ReportScope } from './report-scope.js';

/** Monday of the current UTC week, as a UTC timestamp without zone. */
const THIS_WEEK = `date_trunc('week', now() AT TIME ZONE 'UTC')`;
const FIRST_WEEK = `(${THIS_WEEK} - interval '${OBSERVATION_TREND_WEEKS - 1} weeks')`;
/** Completed observations of the window (the last 12 weeks) in scope ($1). */
const IN_WINDOW = `o.status = 'completed' AND o.completed_at >= ${FIRST_WEEK} AT TIME ZONE 'UTC'
  AND ($1::int IS NULL OR o.organization_id = $1)`;
/** The window's weeks of observation_weeks o in scope ($1): the window starts on a week. */
const WEEKS_IN_WINDOW = `o.week >= ${FIRST_WEEK} AND ($1::int IS NULL OR o.organization_id = $1)`;
/**
 * A breakdown row's name over the window's weeks: that of its latest observation (each week's
 * row keeps its own latest's, migration 1767856000000), as a SOP's title or an observer's name
 * reads now.
 */
const LATEST_OF_WEEKS = (column: string) => `(array_agg(o.${column} ORDER BY o.latest_id DESC))[1]`;
/** Breakdowns list this many SOPs, observers and questions. */
const BREAKDOWN_ROWS = 20;
const MISSED_QUESTIONS = 10;

type Section<K extends keyof ObservationInsightsPage> = ObservationInsightsPage[K];

/** The progress page's figures, the listed people without their names. */
export interface ProgressFigures {
  courses: ProgressInsightsPage['courses'];
  people: Omit<ProgressInsightsPage['people'][number], 'name'>[];
  totalPeople: number;
}

/**
 * An enrolment with its course's SOP count and how many of them the person has passed (a
 * course nobody is enrolled in: user_id null): the rows progress-rules.ts reads, which the
 * progress page's SQL is tested against.
 */
export interface EnrolmentRow {
  organization_id: number;
  course_id: number;
  title: string;
  due_day: string | null;
  user_id: number | null;
  sops: number;
  passed: number;
  completed: boolean;
}

/** The SQL behind the Insights chart pages. */
@Injectable()
export class InsightPagesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * From the window's weeks of observation_weeks (completed observations counted per week, SOP
   * and observer by triggers), laid on the weeks (a week without observations reads 0): not the
   * window's observations one by one. The average is the scores' sum over their count, as
   * avg() divides.
   */
  async observationTrend(scope: ReportScope): Promise<Section<'trend'>> {
    return (await this.db.query(
      `SELECT to_char(w, 'YYYY-MM-DD') AS week, coalesce(t.completed, 0) AS completed,
              coalesce(t.passed, 0) AS passed, t."averageScore"
         FROM generate_series(${FIRST_WEEK}, ${THIS_WEEK}, interval '1 week') w
         LEFT JOIN (
           SELECT o.week, sum(o.completed)::int AS completed, sum(o.passed)::int AS passed,
                  round(sum(o.score_sum) / nullif(sum(o.scored), 0), 1)::float AS "averageScore"
             FROM observation_weeks o WHERE ${WEEKS_IN_WINDOW} GROUP BY 1) t ON t.week = w
        ORDER BY w`,
      [scope],
    )) as Section<'trend'>;
  }

  /** Lowest pass rate first: the SOPs that need attention lead. */
  async passRateBySop(scope: ReportScope): Promise<Section<'bySop'>> {
    return (await this.db.query(
      `SELECT o.document_id AS "documentId", ${LATEST_OF_WEEKS('title')} AS title, ${PASS_FIGURES}
         FROM observation_weeks o WHERE ${WEEKS_IN_WINDOW}
        GROUP BY o.document_id ORDER BY "passRate", observations DESC, o.document_id LIMIT $2`,
      [scope, BREAKDOWN_ROWS],
    )) as Section<'bySop'>;
  }

  /** Busiest observers first. */
  async passRateByObserver(scope: ReportScope): Promise<Section<'byObserver'>> {
    return (await this.db.query(
      `SELECT o.observer_id AS "observerId", ${LATEST_OF_WEEKS('observer_name')} AS name, ${PASS_FIGURES}
         FROM observation_weeks o WHERE ${WEEKS_IN_WINDOW}
        GROUP BY o.observer_id ORDER BY observations DESC, o.observer_id LIMIT $2`,
      [scope, BREAKDOWN_ROWS],
    )) as Section<'byObserver'>;
  }

  /**
   * Questions answered wrongly most often in the window, from the answers counted per week at
   * completion (observation_question_weeks: a row per week, SOP and question, not the window's
   * answers one by one); the question's text is read from the latest observation that
   * answered it. Ties: fewer answers first, then SOP and question id.
   */
  async mostMissed(scope: ReportScope): Promise<Section<'mostMissed'>> {
    return (await this.db.query(
      `WITH missed AS (
         SELECT w.document_id, w.question_id, sum(w.answered)::int AS answered,
                sum(w.missed)::int AS missed, max(w.sample) AS sample
           FROM observation_question_weeks w
          WHERE w.week >= ${FIRST_WEEK} AND ($1::int IS NULL OR w.organization_id = $1)
          GROUP BY w.document_id, w.question_id HAVING sum(w.missed) > 0
          ORDER BY missed DESC, answered, w.document_id, w.question_id LIMIT $2)
       SELECT m.document_id AS "documentId", o.evaluation_title AS "sopTitle",
              m.question_id AS "questionId",
              coalesce((SELECT q->>'text' FROM jsonb_array_elements(o.questions) q
                         WHERE q->>'id' = m.question_id LIMIT 1), m.question_id) AS text,
              m.answered, m.missed, round(100.0 * m.missed / m.answered, 1)::float AS "missRate"
         FROM missed m JOIN observations o ON o.id = m.sample
        ORDER BY m.missed DESC, m.answered, m.document_id, m.question_id`,
      [scope, MISSED_QUESTIONS],
    )) as Section<'mostMissed'>;
  }

  /** The latest completed observations of the window behind a figure, newest first. */
  async observationRows(
    scope: ReportScope,
    filter: ObservationInsightsQuery,
  ): Promise<Section<'rows'>> {
    const rows = (await this.db.query(
      `SELECT o.id, o.completed_at, o.evaluation_title AS sop, o.operator_name AS operator,
              o.observer_name AS observer, o.score::float AS score, o.passed
         FROM observations o
        WHERE ${IN_WINDOW} AND ($2::int IS NULL OR o.document_id = $2)
          AND ($3::int IS NULL OR o.observer_id = $3)
          AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM observation_responses r
                WHERE r.observation_id = o.id AND r.question_id = $4 AND NOT r.correct))
        ORDER BY o.completed_at DESC, o.id DESC LIMIT $5`,
      [
        scope,
        filter.documentId ?? null,
        filter.observerId ?? null,
        filter.questionId ?? null,
        INSIGHT_ROWS,
      ],
    )) as (Omit<Section<'rows'>[number], 'completedAt'> & { completed_at: Date })[];
    return rows.map(({ completed_at, ...row }) => ({
      ...row,
      completedAt: completed_at.toISOString(),
    }));
  }

  /**
   * Per month: certifications issued (their current issue), due to expire, and expired at the
   * month's end, as the records stand now (a renewal moves a certification's dates).
   */
  async certificationMonths(scope: ReportScope) {
    // From the months counted as certifications are written (certification_months, kept by
    // triggers), the overdue figure a running sum of the expiries up to each month's end: not
    // every certification grouped by month (100,000 took 270-380 ms).
    return (await this.db.query(
      `WITH months AS (
         SELECT m FROM generate_series(
             date_trunc('month', now() AT TIME ZONE 'UTC') - interval '${CERTIFICATION_TREND_MONTHS_BACK} months',
             date_trunc('month', now() AT TIME ZONE 'UTC') + interval '${CERTIFICATION_TREND_MONTHS_AHEAD} months',
             interval '1 month') m),
       counted AS (
         SELECT month AS m, sum(issued) AS issued, sum(expiring) AS expiring
           FROM certification_months WHERE $1::int IS NULL OR organization_id = $1 GROUP BY 1)
       SELECT to_char(months.m, 'YYYY-MM') AS month, coalesce(c.issued, 0)::int AS issued,
              coalesce(c.expiring, 0)::int AS expiring,
              (SELECT coalesce(sum(x.expiring), 0) FROM counted x WHERE x.m <= months.m)::int
                AS overdue
         FROM months LEFT JOIN counted c ON c.m = months.m
        ORDER BY months.m`,
      [scope],
    )) as { month: string; issued: number; expiring: number; overdue: number }[];
  }

  /** The organizations with people enrolled in their courses (enrolled_organizations). */
  async enrolledOrganizations(): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT organization_id FROM enrolled_organizations WHERE people > 0 ORDER BY 1`,
    )) as { organization_id: number }[];
    return rows.map((row) => row.organization_id);
  }

  /**
   * The progress page in one statement: each course's figures, the people furthest behind
   * (their figures and enrolments) and how many people are enrolled. Every figure is computed
   * as progress-rules.ts does it, in the same float8 steps (a share rounded to one decimal as
   * Math.round does: floor(x * 10 + 0.5) / 10; a person's mean summed in their rows' order,
   * course title then id), so the page answers what ranking every enrolment in the service
   * did, without sending 200,000 rows over (8 s at 100,000 people). Only an enrolment with a
   * pass or a completion can be past 0%: the others are counted, never ranked one by one. A
   * person with none of those has a mean of 0 and comes before everyone above 0 (by id).
   *
   * The people listed and counted leave out `uncounted` (pending and suspended people, as Team
   * and the Skills Matrix count accepted, not suspended members: few, asked of identity); the
   * courses' figures count every enrolment, as the training centre does.
   */
  async progress(
    scope: ReportScope,
    people: number,
    uncounted: number[] = [],
  ): Promise<ProgressFigures> {
    const [row] = (await this.db.query(
      `WITH ${ENROLMENT_FIGURES},
       marked AS MATERIALIZED (
         SELECT user_id FROM passed
          UNION SELECT e.user_id FROM enrollments e JOIN scoped c ON c.id = e.course_id
                 WHERE e.completed_at IS NOT NULL),
       progress AS MATERIALIZED (
         SELECT e.course_id, e.user_id, ${PROGRESS} AS progress
           FROM marked m JOIN enrollments e ON e.user_id = m.user_id
           JOIN scoped c ON c.id = e.course_id
           LEFT JOIN sop_counts n ON n.course_id = c.id
           LEFT JOIN passed p ON p.course_id = e.course_id AND p.user_id = e.user_id),
       ranked AS (
         SELECT p.user_id, count(*)::int AS courses,
                count(*) FILTER (WHERE p.progress >= 100)::int AS completed,
                floor(sum(p.progress ORDER BY c.rank) / count(*)::float8 * 10 + 0.5) / 10
                  AS average
           FROM progress p JOIN scoped c ON c.id = p.course_id
          WHERE p.user_id <> ALL($3::int[]) GROUP BY p.user_id),
       unranked AS (
         SELECT e.user_id, count(*)::int AS courses, 0 AS completed, 0::float8 AS average
           FROM enrollments e JOIN scoped c ON c.id = e.course_id
          WHERE NOT EXISTS (SELECT 1 FROM marked m WHERE m.user_id = e.user_id)
            AND e.user_id <> ALL($3::int[])
          GROUP BY e.user_id ORDER BY e.user_id LIMIT $2),
       listed AS (
         SELECT * FROM (SELECT * FROM ranked UNION ALL SELECT * FROM unranked) l
          ORDER BY average, user_id LIMIT $2),
       listed_rows AS (
         SELECT l.user_id AS "userId", l.courses, l.completed, l.average AS "averageProgress",
                json_agg(json_build_object('courseId', c.id, 'title', c.title,
                                           'progress', ${PROGRESS}) ORDER BY c.rank) AS enrolments
           FROM listed l JOIN enrollments e ON e.user_id = l.user_id
           JOIN scoped c ON c.id = e.course_id
           LEFT JOIN sop_counts n ON n.course_id = c.id
           LEFT JOIN passed p ON p.course_id = e.course_id AND p.user_id = e.user_id
          GROUP BY 1, 2, 3, 4),
       enrolled AS MATERIALIZED (
         -- Counted at enrolment (course_enrolments, kept by triggers).
         SELECT c.id AS course_id, coalesce(k.enrolled, 0) AS enrolled
           FROM scoped c LEFT JOIN course_enrolments k ON k.course_id = c.id),
       courses AS (
         SELECT c.id AS "courseId", c.title, to_char(c.due_date, 'YYYY-MM-DD') AS "dueDate",
                coalesce(n.enrolled, 0) AS enrolled, coalesce(f.completed, 0) AS completed,
                coalesce(n.enrolled, 0) - coalesce(f.completed, 0) AS "inProgress",
                floor(coalesce(f.sum, 0) / nullif(n.enrolled, 0)::float8 * 10 + 0.5) / 10
                  AS "averageProgress", c.rank
           FROM scoped c LEFT JOIN enrolled n ON n.course_id = c.id
           LEFT JOIN (SELECT course_id, count(*) FILTER (WHERE progress >= 100)::int AS completed,
                             sum(progress ORDER BY user_id) AS sum
                        FROM progress GROUP BY course_id) f ON f.course_id = c.id)
       SELECT (SELECT coalesce(json_agg(json_build_object('courseId', "courseId", 'title', title,
                 'dueDate', "dueDate", 'enrolled', enrolled, 'completed', completed,
                 'inProgress', "inProgress", 'averageProgress', "averageProgress") ORDER BY rank),
                 '[]') FROM courses) AS courses,
              (SELECT coalesce(json_agg(l ORDER BY l."averageProgress", l."userId"), '[]')
                 FROM listed_rows l) AS people,
              ${ENROLLED_PEOPLE} AS "totalPeople"`,
      [scope, people, uncounted],
    )) as ProgressFigures[];
    return row!;
  }
}

/**
 * How many people are enrolled in a course in scope, kept by triggers: an organization's in
 * enrolled_organizations less its uncounted people ($3) enrolled; across organizations each
 * person once but those, from enrolled_people (a row per organization and person enrolled).
 */
const ENROLLED_PEOPLE = `(CASE WHEN $1::int IS NULL
    THEN (SELECT count(DISTINCT user_id) FROM enrolled_people WHERE user_id <> ALL($3::int[]))
    ELSE (SELECT coalesce(sum(people), 0) FROM enrolled_organizations WHERE organization_id = $1)
         - (SELECT count(*) FROM enrolled_people
             WHERE organization_id = $1 AND user_id = ANY($3::int[])) END)::int`;

/**
 * An enrolment's progress (e, its course c, n.sops, p.passed), as progress-rules.ts'
 * enrolmentProgress computes it: the share of SOPs passed rounded as Math.round does, 100 once
 * completed.
 */
const PROGRESS = `CASE WHEN e.completed_at IS NOT NULL THEN 100::float8
  WHEN coalesce(n.sops, 0) = 0 THEN 0::float8
  ELSE floor(100::float8 * coalesce(p.passed, 0) / n.sops * 10 + 0.5) / 10 END`;

/**
 * The courses in scope ranked as the page lists them (title, then id), their SOPs (sop_counts:
 * how many), and per enrolment with a pass how many of its course's SOPs the person passed:
 * kept by triggers in enrolment_passes (its definition: migration 1767810000000), where looking
 * each pass up among the person's enrolments cost 10,000 index probes at 100,000 people.
 */
const ENROLMENT_FIGURES = `scoped AS MATERIALIZED (
         SELECT id, organization_id, title, due_date,
                row_number() OVER (ORDER BY title, id) AS rank FROM courses
          WHERE ($1::int IS NULL OR organization_id = $1)),
       sop_counts AS (
         SELECT cs.course_id, count(*)::int AS sops
           FROM course_sops cs JOIN scoped c ON c.id = cs.course_id GROUP BY cs.course_id),
       passed AS MATERIALIZED (
         SELECT p.course_id, p.user_id, p.passed
           FROM enrolment_passes p JOIN scoped c ON c.id = p.course_id)`;

/** A breakdown's figures from observation_weeks rows o, as counting the observations did. */
const PASS_FIGURES = `sum(o.completed)::int AS observations, sum(o.passed)::int AS passed,
  round(100.0 * sum(o.passed) / sum(o.completed), 1)::float AS "passRate",
  round(sum(o.score_sum) / nullif(sum(o.scored), 0), 1)::float AS "averageScore"`;
