import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { EnrolmentPasses1767810000000 } from '../migrations/1767810000000-enrolment-passes.js';
import { type EnrolmentRow, InsightPagesRepository } from './insight-pages.repository.js';
import { progressByCourse, progressByPerson } from './progress-rules.js';
import { rerunBackfill } from '../test-support/rerun-backfill.js';
import { secondWaitsForFirst } from '../test-support/second-waits.js';

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

/** enrolment_passes as defined: per enrolment, its course's SOPs the person passed (> 0). */
const PASSES_DEFINED = `SELECT e.course_id, e.user_id, c.organization_id, count(*)::int AS passed
    FROM enrollments e JOIN courses c ON c.id = e.course_id
    JOIN course_sops s ON s.course_id = e.course_id
    JOIN (SELECT DISTINCT organization_id, operator_id, document_id FROM observations
           WHERE status = 'completed' AND passed) p
      ON p.organization_id = c.organization_id AND p.operator_id = e.user_id
     AND p.document_id = s.document_id
   GROUP BY 1, 2, 3 ORDER BY 1, 2`;
const PASSES_KEPT = `SELECT course_id, user_id, organization_id, passed FROM enrolment_passes
  ORDER BY 1, 2`;

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
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
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

  /**
   * The page listed and counted pending and suspended people, unlike Team and the Skills
   * Matrix: those identity names (uncounted) are neither listed nor in the people total; the
   * courses' figures still count every enrolment.
   */
  it('leaves the uncounted people out of the people listed and their total', async () => {
    const repository = new InsightPagesRepository(db);
    const all = (await db.query(EVERY_ENROLMENT, [null])) as EnrolmentRow[];
    // Those furthest behind of each organization: listed first when counted.
    const behind = progressByPerson(all);
    const uncounted = [
      ...behind.filter((person) => person.organizationId === ORG).slice(0, 2),
      ...behind.filter((person) => person.organizationId === ORG + 1).slice(0, 1),
    ].map((person) => person.userId);
    for (const scope of [ORG, ORG + 1, null])
      for (const listed of [1, 7, 100]) {
        const rows = (await db.query(EVERY_ENROLMENT, [scope])) as EnrolmentRow[];
        const counted = rows.filter((row) => !uncounted.includes(row.user_id ?? 0));
        const page = await repository.progress(scope, listed, uncounted);
        expect(page).toEqual({
          ...expectedPage(counted, listed),
          courses: progressByCourse(rows),
        });
        expect(page.people.map((person) => person.userId)).not.toContain(uncounted[0]);
      }
  });

  /** enrolment_passes equals its definition and the page answers as before, in each scope. */
  async function expectAsBefore(after: string) {
    expect(await db.query(PASSES_KEPT), after).toEqual(await db.query(PASSES_DEFINED));
    const repository = new InsightPagesRepository(db);
    for (const scope of [ORG, ORG + 1, null]) {
      const rows = (await db.query(EVERY_ENROLMENT, [scope])) as EnrolmentRow[];
      for (const listed of [7, 100])
        expect(await repository.progress(scope, listed), after).toEqual(expectedPage(rows, listed));
    }
  }

  /** Observations of (organization_id, document_id, user_id, passed) rows `rows` selects. */
  const observe = (rows: string) => `INSERT INTO observations (organization_id, evaluation_id,
      document_id, evaluation_title, questions, operator_id, operator_name, observer_id,
      observer_name, status, pass_mark, score, passed, completed_at)
    SELECT organization_id, 1, document_id, 'SOP', '[]', user_id, 'P', 1, 'O', 'completed', 80,
           90, passed, now() FROM (${rows}) r`;

  it('keeps the passes of the enrolments there before (the backfill)', async () => {
    expect((await db.query(PASSES_KEPT)).length).toBeGreaterThan(20);
    await expectAsBefore('inserted');
    await rerunBackfill(db, new EnrolmentPasses1767810000000());
    await expectAsBefore('backfilled');
  });

  it('keeps them through each kind of write', async () => {
    const writes = [
      // Passes of a course's first SOP by its people, one statement; a second pass of them.
      observe(`SELECT c.organization_id, s.document_id, e.user_id, true AS passed
        FROM enrollments e JOIN courses c ON c.id = e.course_id
        JOIN course_sops s ON s.course_id = e.course_id AND s.position = 1
       WHERE e.course_id IN (3, 4)`),
      observe(`SELECT c.organization_id, s.document_id, e.user_id, true AS passed
        FROM enrollments e JOIN courses c ON c.id = e.course_id
        JOIN course_sops s ON s.course_id = e.course_id AND s.position = 1
       WHERE e.course_id = 3 AND e.user_id % 4 = 1`),
      // Completed (passed), failed on review, moved to another person, SOP and organization.
      `UPDATE observations SET status = 'completed', score = 90, passed = true,
         completed_at = now() WHERE status = 'in_progress' AND operator_id % 3 = 0`,
      `UPDATE observations SET passed = false WHERE passed AND operator_id % 7 = 0`,
      `UPDATE observations SET operator_id = operator_id + 2 WHERE operator_id = 1004`,
      `UPDATE observations SET document_id = 100 + (document_id + 1) % 17 WHERE operator_id = 1006`,
      `UPDATE observations SET organization_id = ${2 * ORG + 1} - organization_id
        WHERE operator_id = 1008`,
      `UPDATE observations SET observer_name = 'Q' WHERE operator_id = 1010`,
      `DELETE FROM observations WHERE operator_id = 1012 AND passed`,
      // Enrolled (60 people in one statement), unenrolled, moved to another course, completed.
      `INSERT INTO enrollments (course_id, user_id)
       SELECT 4, u FROM generate_series(1000, 1119, 2) u ON CONFLICT DO NOTHING`,
      `DELETE FROM enrollments WHERE course_id = 4 AND user_id % 3 = 0`,
      `UPDATE enrollments SET course_id = 6 WHERE course_id = 2 AND user_id IN (
         SELECT user_id FROM enrollments WHERE course_id = 2
         EXCEPT SELECT user_id FROM enrollments WHERE course_id = 6)`,
      `UPDATE enrollments SET user_id = 1118 WHERE course_id = 8 AND user_id IN (
         SELECT min(user_id) FROM enrollments WHERE course_id = 8 AND user_id <> 1118)
         AND NOT EXISTS (SELECT 1 FROM enrollments WHERE course_id = 8 AND user_id = 1118)`,
      `UPDATE enrollments SET completed_at = now() WHERE course_id = 10 AND user_id % 5 = 0`,
      // A course's SOP added, removed, replaced, renamed, moved.
      `INSERT INTO course_sops (course_id, position, document_id, title) VALUES (2, 8, 103, 'SOP')`,
      `DELETE FROM course_sops WHERE course_id = 4 AND position = 1`,
      `UPDATE course_sops SET document_id = 100 + (document_id + 5) % 17 WHERE course_id = 6`,
      `UPDATE course_sops SET title = 'Renamed' WHERE course_id = 10`,
      `UPDATE course_sops SET position = position + 10 WHERE course_id = 12`,
      // A course renamed (ranked elsewhere), deleted.
      `UPDATE courses SET title = 'Course 0' WHERE id = 16`,
      `DELETE FROM courses WHERE id = 18`,
    ];
    for (const write of writes) {
      await db.query(write);
      await expectAsBefore(write);
    }
  });

  it('keeps them when many people are written at once, and when an organization goes', async () => {
    const writes = [
      `INSERT INTO enrollments (course_id, user_id) SELECT 20, u FROM generate_series(5000, 5149) u`,
      observe(`SELECT ${ORG} AS organization_id, s.document_id, u AS user_id, u % 3 > 0 AS passed
        FROM generate_series(5000, 5149) u JOIN course_sops s ON s.course_id = 20`),
      `UPDATE observations SET passed = NOT passed WHERE operator_id BETWEEN 5000 AND 5149`,
      `DELETE FROM observations WHERE operator_id BETWEEN 5000 AND 5120`,
      `DELETE FROM courses WHERE organization_id = ${ORG + 1}`,
    ];
    for (const write of writes) {
      await db.query(write);
      await expectAsBefore(write);
    }
  });

  /** Runs `first` and, in a second transaction, `second`, which waits for the first's locks. */
  const race = (first: string, second: string) => secondWaitsForFirst(db, [first], [second]);

  it('waits for another transaction writing the same person or course', async () => {
    // A pass of a course's SOP while the person is enrolled in the course.
    const pass = (user: number) =>
      observe(`SELECT ${ORG} AS organization_id, document_id, ${user} AS user_id, true AS passed
                 FROM course_sops WHERE course_id = 22 AND position = 1`);
    await race(pass(7000), `INSERT INTO enrollments (course_id, user_id) VALUES (22, 7000)`);
    await expectAsBefore('passed while enrolled');
    // A SOP added to a course while a person of the course passes it.
    await db.query(`INSERT INTO enrollments (course_id, user_id) VALUES (24, 7001)`);
    await race(
      `INSERT INTO course_sops (course_id, position, document_id, title) VALUES (24, 1, 150, 'S')`,
      observe(`SELECT ${ORG} AS organization_id, 150 AS document_id, 7001 AS user_id,
                      true AS passed`),
    );
    await expectAsBefore('passed while added');
    expect(await db.query(`SELECT passed FROM enrolment_passes WHERE user_id >= 7000`)).toEqual([
      { passed: 1 },
      { passed: 1 },
    ]);
  });

  it('keeps them when a course moves to another organization', async () => {
    // The service never moves a course, and the enrolment counts (enrolled people) do not follow
    // one: only the passes are compared.
    await db.query(`INSERT INTO courses (id, organization_id, title, description, category,
        duration, difficulty, created_by) VALUES (40, ${ORG}, 'Moved', '', 'Safety', '1 h', 'Beginner', 1)`);
    await db.query(`INSERT INTO course_sops (course_id, position, document_id, title)
      SELECT 40, j, 100 + j, 'SOP' FROM generate_series(0, 16) j`);
    await db.query(`INSERT INTO enrollments (course_id, user_id)
      SELECT 40, u FROM generate_series(1000, 1119) u`);
    const kept = async () => (await db.query(PASSES_KEPT)) as { course_id: number }[];
    expect((await kept()).filter((row) => row.course_id === 40).length).toBeGreaterThan(20);
    expect(await kept()).toEqual(await db.query(PASSES_DEFINED));
    await db.query(`UPDATE courses SET organization_id = ${ORG + 1} WHERE id = 40`);
    expect((await kept()).filter((row) => row.course_id === 40).length).toBeGreaterThan(20);
    expect(await kept()).toEqual(await db.query(PASSES_DEFINED));
  });
});
