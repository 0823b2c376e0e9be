import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openObservationDatabase } from '../database.js';
import { type EnrolmentRow, InsightPagesRepository } from './insight-pages.repository.js';
import { progressByCourse, progressByPerson } from './progress-rules.js';

/**
 * The progress page before its figures moved into SQL: a row per enrolment (this query), ranked
 * and averaged in the service by progress-rules.ts. Its rows came in no order within a course
 * (a course's mean summed them as they came); here by person, as the SQL now sums them.
 */
const EVERY_ENROLMENT = `WITH scoped AS (
    SELECT id, organization_id, title, due_date FROM courses
     WHERE ($1::int IS NULL OR organization_id = $1)),
  sops AS (
    SELECT cs.course_id, cs.document_id FROM course_sops cs JOIN scoped c ON c.id = cs.course_id),
  passes AS (
    SELECT DISTINCT o.organization_id, o.operator_id, o.document_id FROM observations o
     WHERE o.status = 'completed' AND o.passed
       AND ($1::int IS NULL OR o.organization_id = $1)
       AND o.document_id IN (SELECT document_id FROM sops)),
  passed AS (
    SELECT e.course_id, e.user_id, count(*)::int AS passed
      FROM enrollments e JOIN scoped c ON c.id = e.course_id
      JOIN sops s ON s.course_id = e.course_id
      JOIN passes p ON p.organization_id = c.organization_id AND p.operator_id = e.user_id
                   AND p.document_id = s.document_id
     GROUP BY e.course_id, e.user_id)
  SELECT c.organization_id, c.id AS course_id, c.title,
         to_char(c.due_date, 'YYYY-MM-DD') AS due_day, e.user_id,
         (SELECT count(*) FROM sops s WHERE s.course_id = c.id)::int AS sops,
         coalesce(p.passed, 0) AS passed, e.completed_at IS NOT NULL AS completed
    FROM scoped c LEFT JOIN enrollments e ON e.course_id = c.id
    LEFT JOIN passed p ON p.course_id = e.course_id AND p.user_id = e.user_id
   ORDER BY c.title, c.id, e.user_id`;

/** What the service answered from those rows (names aside). */
function expectedPage(rows: EnrolmentRow[], listed: number) {
  const people = progressByPerson(rows);
  return {
    courses: progressByCourse(rows),
    people: people.slice(0, listed).map(({ organizationId: _organization, ...person }) => person),
    totalPeople: people.length,
  };
}

describe('the progress page', () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 11;

  beforeAll(async () => {
    resources = claimTestResources();
    db = await openObservationDatabase(resources.databaseUrl);
    // Two organizations of 14 courses: 0 to 7 SOPs (thirds, sixths and sevenths to round; a
    // course listing one SOP twice; two courses sharing a title), one course nobody is in.
    await db.query(
      `INSERT INTO courses (id, organization_id, title, description, category, duration,
         difficulty, created_by, due_date)
       SELECT k, $1 + k % 2, 'Course ' || (k % 13), '', 'Safety', '1 h', 'Beginner', 1,
              CASE WHEN k % 4 = 0 THEN DATE '2027-01-01' + k END
         FROM generate_series(1, 28) k`,
      [ORG],
    );
    await db.query(
      `INSERT INTO course_sops (course_id, position, document_id, title)
       SELECT k, j, CASE WHEN k = 5 AND j = 2 THEN 100 + 1 ELSE 100 + (k * 3 + j) % 17 END, 'SOP'
         FROM generate_series(1, 28) k, generate_series(1, 7) j WHERE j <= k % 8`,
    );
    // 120 people, each in some courses of their organization, some completed.
    await db.query(
      `INSERT INTO enrollments (course_id, user_id, completed_at)
       SELECT k, u, CASE WHEN (u * 7 + k) % 11 = 0 THEN now() END
         FROM generate_series(1, 26) k, generate_series(1000, 1119) u
        WHERE k % 2 = u % 2 AND (u * 31 + k * 17) % 5 < 2`,
    );
    // Passed, failed and unfinished observations of the SOPs, a few passed twice, and a pass
    // recorded in the other organization (it counts for neither's courses).
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, status, pass_mark,
         score, passed, completed_at)
       SELECT $1 + (u + CASE WHEN n = 5 THEN 1 ELSE 0 END) % 2, 1, d, 'SOP', '[]', u, 'P', 1, 'O',
              CASE WHEN n = 4 THEN 'in_progress' ELSE 'completed' END, 80,
              CASE WHEN n = 4 THEN NULL ELSE 90 END, CASE WHEN n = 4 THEN NULL ELSE n <> 3 END,
              CASE WHEN n = 4 THEN NULL ELSE now() END
         FROM generate_series(1000, 1119) u, generate_series(100, 116) d, generate_series(1, 5) n
        WHERE (u * 13 + d * 7 + n * 3) % 9 < 2`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('answers what ranking every enrolment in the service answered', async () => {
    const repository = new InsightPagesRepository(db);
    for (const scope of [ORG, ORG + 1, null])
      for (const listed of [1, 7, 100]) {
        const rows = (await db.query(EVERY_ENROLMENT, [scope])) as EnrolmentRow[];
        expect(rows.length).toBeGreaterThan(100);
        // Completed courses, partial progress, and people in three courses or more (whose mean
        // depends on the order of the sum) are all there to compare.
        expect(rows.filter((row) => row.completed).length).toBeGreaterThan(5);
        expect(rows.filter((row) => !row.completed && row.passed > 0).length).toBeGreaterThan(20);
        const courses = new Map<number, number>();
        for (const row of rows)
          if (row.user_id) courses.set(row.user_id, (courses.get(row.user_id) ?? 0) + 1);
        expect([...courses.values()].filter((count) => count >= 3).length).toBeGreaterThan(5);
        expect(await repository.progress(scope, listed)).toEqual(expectedPage(rows, listed));
      }
  });

  it('answers empty lists for an organization without courses', async () => {
    const repository = new InsightPagesRepository(db);
    expect(await repository.progress(999, 100)).toEqual({
      courses: [],
      people: [],
      totalPeople: 0,
    });
  });
});
