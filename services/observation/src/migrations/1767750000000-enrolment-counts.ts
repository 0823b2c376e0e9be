import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Enrolment counts for the insights summary and the progress page. At 100,000 people (200,000
 * enrolments) both counted every enrolment on each call: the summary's totals 160-290 ms, the
 * progress page's enrolled people (distinct over 200,000 rows) 320 ms and each course's
 * enrolments 85 ms, of a 300 ms target. Kept here:
 *
 * - course_enrolments: per course its enrolments and completed ones (and its organization, so
 *   the enrolments a deleted course cascades to can still be counted off);
 * - enrolled_people: per organization and person how many of its courses they are enrolled in
 *   (a row while at least one), and enrolled_organizations how many such people it has (a
 *   person counted when their row's count becomes the statement's difference, i.e. was 0, and
 *   uncounted at 0: the row's lock orders those of one person).
 *
 * Kept by statement triggers on enrollments that add each statement's differences (+1 per row
 * inserted, -1 per row deleted, both for a row updated), not by recomputing: a difference needs
 * no lock beyond the counter row's own (`ON CONFLICT DO UPDATE` adds to the latest committed
 * count), taken in key order. The functions keep the migration's search_path: the bench's seed
 * names the schema itself.
 *
 * Also two indexes of the summary: the observations in progress (a partial index, few rows:
 * the count read all 500,000 observations) and each course's enrolments by time (its latest
 * enrolments, and those of the last period counted as a range).
 */
export class EnrolmentCounts1767750000000 implements MigrationInterface {
  name = 'EnrolmentCounts1767750000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX observations_in_progress_idx ON observations (organization_id)
         WHERE status = 'in_progress'`,
    );
    await db.query(`CREATE INDEX enrollments_time_idx ON enrollments (course_id, enrolled_at)`);
    await db.query(
      `CREATE INDEX enrollments_completed_time_idx ON enrollments (course_id, completed_at)
         WHERE completed_at IS NOT NULL`,
    );
    await db.query(
      `CREATE TABLE course_enrolments (
         course_id integer PRIMARY KEY,
         organization_id integer NOT NULL,
         enrolled integer NOT NULL,
         completed integer NOT NULL)`,
    );
    await db.query(
      `CREATE TABLE enrolled_people (
         organization_id integer NOT NULL,
         user_id integer NOT NULL,
         courses integer NOT NULL,
         PRIMARY KEY (organization_id, user_id))`,
    );
    await db.query(
      `CREATE TABLE enrolled_organizations (
         organization_id integer PRIMARY KEY,
         people integer NOT NULL)`,
    );
    await db.query(APPLY_FUNCTION);
    await db.query(TRIGGER_FUNCTION);
    await db.query(`CREATE TRIGGER enrollments_counted_inserted AFTER INSERT ON enrollments
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enrolment_counts_of()`);
    await db.query(`CREATE TRIGGER enrollments_counted_updated AFTER UPDATE ON enrollments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION enrolment_counts_of()`);
    await db.query(`CREATE TRIGGER enrollments_counted_deleted AFTER DELETE ON enrollments
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION enrolment_counts_of()`);
    // The backfill: every enrolment counted once.
    await db.query(`SELECT apply_enrolment_counts(
      coalesce(array_agg(course_id), '{}'), coalesce(array_agg(user_id), '{}'),
      coalesce(array_agg(1), '{}'), coalesce(array_agg((completed_at IS NOT NULL)::int), '{}'))
      FROM enrollments`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['inserted', 'updated', 'deleted'])
      await db.query(`DROP TRIGGER enrollments_counted_${event} ON enrollments`);
    await db.query(`DROP FUNCTION enrolment_counts_of()`);
    await db.query(
      `DROP FUNCTION apply_enrolment_counts(integer[], integer[], integer[], integer[])`,
    );
    await db.query(`DROP TABLE enrolled_organizations`);
    await db.query(`DROP TABLE enrolled_people`);
    await db.query(`DROP TABLE course_enrolments`);
    await db.query(`DROP INDEX enrollments_completed_time_idx`);
    await db.query(`DROP INDEX enrollments_time_idx`);
    await db.query(`DROP INDEX observations_in_progress_idx`);
  }
}

/**
 * Adds differences (parallel arrays: course, person, enrolments +1/-1, completions +1/-1/0).
 * A course's organization comes from courses, or from its counter row once the course is gone
 * (its enrolments deleted by the cascade); a course's row is dropped with its last enrolment, a
 * person's with their last enrolment in the organization.
 */
const APPLY_FUNCTION = `
CREATE FUNCTION apply_enrolment_counts(
  course_ids integer[], user_ids integer[], enrolments integer[], completions integer[])
RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  WITH differences AS MATERIALIZED (
    SELECT d.course_id, coalesce(c.organization_id, k.organization_id) AS organization_id,
           d.user_id, d.enrolled, d.completed
      FROM unnest(course_ids, user_ids, enrolments, completions)
           AS d(course_id, user_id, enrolled, completed)
      LEFT JOIN courses c ON c.id = d.course_id
      LEFT JOIN course_enrolments k ON k.course_id = d.course_id),
  courses_counted AS (
    INSERT INTO course_enrolments AS t (course_id, organization_id, enrolled, completed)
    SELECT course_id, min(organization_id), sum(enrolled), sum(completed)
      FROM differences GROUP BY course_id
    HAVING sum(enrolled) <> 0 OR sum(completed) <> 0 ORDER BY course_id
    ON CONFLICT (course_id) DO UPDATE
       SET enrolled = t.enrolled + excluded.enrolled, completed = t.completed + excluded.completed),
  person_differences AS (
    SELECT organization_id, user_id, sum(enrolled)::int AS enrolled FROM differences
     GROUP BY organization_id, user_id HAVING sum(enrolled) <> 0),
  people_counted AS (
    INSERT INTO enrolled_people AS t (organization_id, user_id, courses)
    SELECT * FROM person_differences ORDER BY organization_id, user_id
    ON CONFLICT (organization_id, user_id) DO UPDATE SET courses = t.courses + excluded.courses
    RETURNING t.organization_id, t.user_id, t.courses)
  -- A person enters when their count becomes their difference (it was 0), leaves at 0.
  INSERT INTO enrolled_organizations AS t (organization_id, people)
  SELECT p.organization_id, sum(CASE WHEN d.enrolled > 0 AND p.courses = d.enrolled THEN 1
                                     WHEN p.courses = 0 THEN -1 ELSE 0 END)
    FROM people_counted p JOIN person_differences d USING (organization_id, user_id)
   GROUP BY 1 ORDER BY 1
  ON CONFLICT (organization_id) DO UPDATE SET people = t.people + excluded.people;
  -- A row at 0 is dropped (a person's and an organization's before their course's: their
  -- organization is read from it).
  DELETE FROM enrolled_organizations t
   USING course_enrolments k
   WHERE k.course_id = ANY (course_ids) AND t.organization_id = k.organization_id
     AND t.people = 0;
  DELETE FROM enrolled_people t
   USING unnest(course_ids, user_ids) AS d(course_id, user_id)
   JOIN course_enrolments k ON k.course_id = d.course_id
   WHERE t.organization_id = k.organization_id AND t.user_id = d.user_id AND t.courses = 0;
  DELETE FROM course_enrolments t WHERE t.course_id = ANY (course_ids) AND t.enrolled = 0;
END $$`;

/** The arrays apply_enrolment_counts takes, from the rows `rows` selects (sign: +1 or -1). */
const differencesOf = (rows: string) => `PERFORM apply_enrolment_counts(
    coalesce(array_agg(course_id ORDER BY course_id, user_id), '{}'),
    coalesce(array_agg(user_id ORDER BY course_id, user_id), '{}'),
    coalesce(array_agg(sign ORDER BY course_id, user_id), '{}'),
    coalesce(array_agg(sign * (completed_at IS NOT NULL)::int ORDER BY course_id, user_id), '{}'))
  FROM (${rows}) d`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION enrolment_counts_of() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${differencesOf(`SELECT course_id, user_id, completed_at, 1 AS sign FROM new_rows`)};
  ELSIF TG_OP = 'DELETE' THEN
    ${differencesOf(`SELECT course_id, user_id, completed_at, -1 AS sign FROM old_rows`)};
  ELSE
    ${differencesOf(`SELECT n.course_id, n.user_id, n.completed_at, 1 AS sign
      FROM new_rows n JOIN old_rows o ON o.course_id = n.course_id AND o.user_id = n.user_id
     WHERE (o.completed_at IS NULL) <> (n.completed_at IS NULL)
    UNION ALL SELECT o.course_id, o.user_id, o.completed_at, -1 FROM new_rows n
      JOIN old_rows o ON o.course_id = n.course_id AND o.user_id = n.user_id
     WHERE (o.completed_at IS NULL) <> (n.completed_at IS NULL)
    UNION ALL SELECT course_id, user_id, completed_at, 1 FROM new_rows n
     WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.course_id = n.course_id AND o.user_id = n.user_id)
    UNION ALL SELECT course_id, user_id, completed_at, -1 FROM old_rows o
     WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE o.course_id = n.course_id AND o.user_id = n.user_id)`)};
  END IF;
  RETURN NULL;
END $$`;
