import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { EnrolmentCounts1767750000000 } from '../migrations/1767750000000-enrolment-counts.js';
import { ReportsRepository } from './reports.repository.js';
import { rerunBackfill } from '../test-support/rerun-backfill.js';

/** course_enrolments and enrolled_people as defined, from the enrolments themselves. */
const COURSES_DEFINED = `SELECT e.course_id, c.organization_id, count(*)::int AS enrolled,
    count(e.completed_at)::int AS completed
  FROM enrollments e JOIN courses c ON c.id = e.course_id GROUP BY 1, 2 ORDER BY 1`;
const COURSES_KEPT = `SELECT course_id, organization_id, enrolled, completed
  FROM course_enrolments ORDER BY 1`;
const PEOPLE_DEFINED = `SELECT c.organization_id, e.user_id, count(*)::int AS courses
  FROM enrollments e JOIN courses c ON c.id = e.course_id GROUP BY 1, 2 ORDER BY 1, 2`;
const PEOPLE_KEPT = `SELECT organization_id, user_id, courses FROM enrolled_people ORDER BY 1, 2`;
const ORGANIZATIONS_DEFINED = `SELECT c.organization_id, count(DISTINCT e.user_id)::int AS people
  FROM enrollments e JOIN courses c ON c.id = e.course_id GROUP BY 1 ORDER BY 1`;
const ORGANIZATIONS_KEPT = `SELECT organization_id, people FROM enrolled_organizations ORDER BY 1`;

/**
 * The summary's figures (scores over 60 days of observations, some in each week a period's
 * bound falls in), due courses and course events before they read the kept counts.
 */
const PERIOD_BEFORE = `SELECT
    (SELECT round(avg(score) FILTER (WHERE completed_at > now() - interval '30 days'), 1)::float
       FROM observations WHERE status = 'completed' AND completed_at > now() - interval '60 days'
        AND ($1::int IS NULL OR organization_id = $1)) AS score_now,
    (SELECT round(avg(score) FILTER (WHERE completed_at <= now() - interval '30 days'), 1)::float
       FROM observations WHERE status = 'completed' AND completed_at > now() - interval '60 days'
        AND ($1::int IS NULL OR organization_id = $1)) AS score_before,
    e.*, r.*
  FROM (SELECT count(*)::int AS enrolled_now, count(e.completed_at)::int AS completed_now,
               count(*) FILTER (WHERE e.enrolled_at <= now() - interval '30 days')::int AS enrolled_before,
               count(*) FILTER (WHERE e.completed_at <= now() - interval '30 days')::int AS completed_before
          FROM enrollments e JOIN courses c ON c.id = e.course_id
         WHERE ($1::int IS NULL OR c.organization_id = $1)) e,
       (SELECT count(*) FILTER (WHERE created_at > now() - interval '30 days')::int AS reports_now,
               count(*) FILTER (WHERE created_at <= now() - interval '30 days')::int AS reports_before
          FROM report_exports WHERE created_at > now() - interval '60 days'
           AND ($1::int IS NULL OR organization_id = $1)) r`;
const DUE_BEFORE = `SELECT c.id, c.title, to_char(c.due_date, 'YYYY-MM-DD') AS due_day,
    count(e.user_id)::int AS enrolled, count(e.completed_at)::int AS completed
  FROM courses c LEFT JOIN enrollments e ON e.course_id = c.id
 WHERE c.due_date >= $3::date AND ($1::int IS NULL OR c.organization_id = $1)
 GROUP BY c.id ORDER BY c.due_date, c.id LIMIT $2`;
/** The organization's date as identity answers it; any date serves to compare the two queries. */
const TODAY = new Date().toISOString().slice(0, 10);
const COURSE_EVENTS_BEFORE = `SELECT * FROM (
   (SELECT 'course_completed' AS kind, e.completed_at AS occurred_at
      FROM enrollments e JOIN courses c ON c.id = e.course_id
     WHERE e.completed_at IS NOT NULL AND ($1::int IS NULL OR c.organization_id = $1)
     ORDER BY e.completed_at DESC LIMIT $2)
   UNION ALL
   (SELECT 'course_enrolled', e.enrolled_at
      FROM enrollments e JOIN courses c ON c.id = e.course_id
     WHERE ($1::int IS NULL OR c.organization_id = $1)
     ORDER BY e.enrolled_at DESC LIMIT $2)) t ORDER BY occurred_at DESC, kind`;

describe('the enrolment counts kept by triggers', () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 31;
  const OTHER = 32;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    // Courses 1-12 in two organizations, some due (past and future), some never due.
    await db.query(
      `INSERT INTO courses (id, organization_id, title, description, category, duration,
         difficulty, created_by, due_date)
       SELECT k, $1 + k % 2, 'Course ' || k, '', 'Safety', '1 h', 'Beginner', 1,
              CASE WHEN k % 3 <> 0 THEN current_date + (k * 5 - 20) END
         FROM generate_series(1, 12) k`,
      [ORG],
    );
    // Enrolled over the last 90 days (each at its own minute), some completed within the
    // period, some before it; one statement.
    await db.query(
      `INSERT INTO enrollments (course_id, user_id, enrolled_at, completed_at)
       SELECT k, u, now() - make_interval(mins => (u * 37 + k * 101) % 129600),
              CASE WHEN (u + k) % 5 = 0 THEN now() - make_interval(mins => (u * 13 + k) % 20000)
                   WHEN (u + k) % 7 = 0 THEN now() - make_interval(days => 40, mins => u + k) END
         FROM generate_series(1, 10) k, generate_series(2000, 2079) u
        WHERE k % 2 = u % 2 AND (u * 3 + k) % 4 < 3`,
    );
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, status, pass_mark,
         score, passed, started_at, completed_at)
       SELECT $1 + n % 2, 1, 1, 'SOP', '[]', 2000 + n, 'P', 1, 'O', 'completed', 80,
              CASE WHEN n % 23 <> 0 THEN 40 + (n * 37 % 601) / 10.0 END, n % 61 >= 40, at, at
         FROM generate_series(1, 400) n,
              LATERAL (SELECT now() - make_interval(days => n % 70, hours => n % 24) AS at) t`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The kept tables equal their definition; the summary's parts answer as before. */
  async function expectAsDefined() {
    expect(await db.query(COURSES_KEPT)).toEqual(await db.query(COURSES_DEFINED));
    expect(await db.query(PEOPLE_KEPT)).toEqual(await db.query(PEOPLE_DEFINED));
    expect(await db.query(ORGANIZATIONS_KEPT)).toEqual(await db.query(ORGANIZATIONS_DEFINED));
    const reports = new ReportsRepository(db);
    for (const scope of [ORG, OTHER, null]) {
      const [figures] = (await db.query(PERIOD_BEFORE, [scope])) as object[];
      expect(await reports.periodFigures(scope)).toEqual(figures);
      expect(await reports.dueCourses(scope, 5, TODAY)).toEqual(
        await db.query(DUE_BEFORE, [scope, 5, TODAY]),
      );
      // The course events among the latest ten, as the same times and kinds (tied rows may
      // differ: neither query orders them).
      const events = (await reports.recentActivity(scope, 10))
        .filter((row) => row.kind.startsWith('course_'))
        .map(({ kind, occurred_at }) => ({ kind, occurred_at }));
      const before = (await db.query(COURSE_EVENTS_BEFORE, [scope, 10])) as object[];
      expect(events).toEqual(before.slice(0, events.length));
    }
  }

  it('counts the enrolments of one statement, and those there before (the backfill)', async () => {
    const [row] = (await db.query(`SELECT count(*)::int AS n FROM enrollments`)) as {
      n: number;
    }[];
    expect(row?.n).toBeGreaterThan(250);
    await expectAsDefined();
    await rerunBackfill(db, new EnrolmentCounts1767750000000());
    await expectAsDefined();
  });

  it('keeps them through each kind of write', async () => {
    const writes = [
      // Enrolling one person, again (no row), and a new person.
      `INSERT INTO enrollments (course_id, user_id) VALUES (2, 2000) ON CONFLICT DO NOTHING`,
      `INSERT INTO enrollments (course_id, user_id) VALUES (3, 2999), (4, 2998)
         ON CONFLICT DO NOTHING`,
      // Completing a course's enrolments, rating one, completing one again, un-completing.
      `UPDATE enrollments SET completed_at = now() WHERE course_id = 4 AND completed_at IS NULL`,
      `UPDATE enrollments SET rating = 4 WHERE course_id = 4 AND user_id = 2000`,
      `UPDATE enrollments SET completed_at = now() - interval '50 days' WHERE course_id = 4`,
      `UPDATE enrollments SET completed_at = NULL WHERE course_id = 6 AND user_id % 3 = 0`,
      // An enrolment moved to another course (and organization); a person's data deleted.
      `UPDATE enrollments SET course_id = 7 WHERE course_id = 2 AND user_id = 2010`,
      `DELETE FROM enrollments WHERE user_id = 2002`,
      // A course deleted (its enrolments by the cascade), then an organization's courses.
      `DELETE FROM courses WHERE id = 8`,
      `DELETE FROM courses WHERE organization_id = ${OTHER}`,
    ];
    for (const write of writes) {
      await db.query(write);
      await expectAsDefined();
    }
    expect(await db.query(`SELECT DISTINCT organization_id FROM enrolled_people`)).toEqual([
      { organization_id: ORG },
    ]);
  });
});
