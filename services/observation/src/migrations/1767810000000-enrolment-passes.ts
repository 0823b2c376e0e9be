import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many of its course's SOPs each enrolled person has passed (a completed, passed observation
 * of the SOP in the course's organization), one row per enrolment with at least one: the
 * progress page's partial progress. Read from the observations, the page looked each of the
 * courses' passes up among the person's enrolments (17,000 passes, 10,000 index probes at the
 * bench's 100,000 people: 30 ms quiet, 175 ms under load); from here it is the courses' rows.
 *
 * A row depends on the observations, the course's SOPs, the enrolment and the course's
 * organization at once, so it is recomputed, not counted by differences: statement triggers
 * recompute the (organization, person) pairs an observation or enrolment touched, every
 * enrolment of a course whose SOPs or organization changed, and drop the rows of deleted
 * enrolments (a course's deletion takes its organization's lock before the cascade). Two transactions writing the same person (a pass and an enrolment,
 * say) would each miss the other's row, so a recompute of a few people (<= 100) takes a shared
 * lock of the organization and one lock per person, in id order; more people and any course's
 * recompute take the organization's lock alone (as `first_attempts`, migration
 * 1767710000000). Each statement of the plpgsql functions reads what was committed once the
 * locks are held (READ COMMITTED). The functions keep the migration's search_path: the bench's
 * seed names the schema itself.
 */
export class EnrolmentPasses1767810000000 implements MigrationInterface {
  name = 'EnrolmentPasses1767810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE enrolment_passes (
         course_id integer NOT NULL,
         user_id integer NOT NULL,
         organization_id integer NOT NULL,
         passed integer NOT NULL,
         PRIMARY KEY (course_id, user_id))`,
    );
    await db.query(`CREATE INDEX enrolment_passes_people_idx
      ON enrolment_passes (organization_id, user_id)`);
    for (const statement of FUNCTIONS) await db.query(statement);
    for (const [table, event, transition] of TRIGGERS)
      await db.query(`CREATE TRIGGER ${table}_passes_${event}d AFTER ${event}
        ON ${table} REFERENCING ${transition} FOR EACH STATEMENT
        EXECUTE FUNCTION enrolment_passes_of_${table}()`);
    await db.query(`CREATE TRIGGER courses_passes_deleting BEFORE DELETE ON courses
      FOR EACH ROW EXECUTE FUNCTION enrolment_passes_lock_course()`);
    // The backfill: every enrolment's row.
    await db.query(`INSERT INTO enrolment_passes ${passesOf('TRUE')}`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER courses_passes_deleting ON courses`);
    for (const [table, event] of TRIGGERS)
      await db.query(`DROP TRIGGER ${table}_passes_${event}d ON ${table}`);
    for (const table of ['observations', 'enrollments', 'course_sops', 'courses'])
      await db.query(`DROP FUNCTION enrolment_passes_of_${table}()`);
    await db.query(`DROP FUNCTION enrolment_passes_lock_course()`);
    await db.query(`DROP FUNCTION refresh_course_passes(integer[], integer[])`);
    await db.query(`DROP FUNCTION refresh_enrolment_passes(integer[], integer[])`);
    await db.query(`DROP FUNCTION lock_enrolment_passes(integer[], integer[])`);
    await db.query(`DROP TABLE enrolment_passes`);
  }
}

const OLD = 'OLD TABLE AS old_rows';
const NEW = 'NEW TABLE AS new_rows';
/** Statement triggers: table, event, transition tables (a course's deletion: below). */
const TRIGGERS = [
  ...['observations', 'enrollments', 'course_sops'].flatMap((table) => [
    [table, 'insert', NEW],
    [table, 'update', `${OLD} ${NEW}`],
    [table, 'delete', OLD],
  ]),
  ['courses', 'update', `${OLD} ${NEW}`],
];

/** The rows of the enrolments e (of courses c) that `where` keeps (the table's definition). */
function passesOf(where: string): string {
  return `SELECT e.course_id, e.user_id, c.organization_id, count(*)::int AS passed
    FROM enrollments e JOIN courses c ON c.id = e.course_id
    JOIN course_sops s ON s.course_id = e.course_id
   WHERE ${where} AND EXISTS (
     SELECT 1 FROM observations o
      WHERE o.organization_id = c.organization_id AND o.document_id = s.document_id
        AND o.operator_id = e.user_id AND o.status = 'completed' AND o.passed)
   GROUP BY e.course_id, e.user_id, c.organization_id`;
}

/**
 * Locks for a recompute of these people in these organizations: a few people each their own
 * (under the organization's shared lock), more the whole organization.
 */
const LOCK_FUNCTION = `
CREATE FUNCTION lock_enrolment_passes(organizations integer[], people integer[])
RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF (SELECT count(DISTINCT u) FROM unnest(people) u) > 100 THEN
    PERFORM pg_advisory_xact_lock(hashtext('enrolment-passes'), o)
       FROM (SELECT DISTINCT o FROM unnest(organizations) o ORDER BY o) t;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('enrolment-passes'), o)
       FROM (SELECT DISTINCT o FROM unnest(organizations) o ORDER BY o) t;
    PERFORM pg_advisory_xact_lock(hashtext('enrolment-passes-of'), u)
       FROM (SELECT DISTINCT u FROM unnest(people) u ORDER BY u) t;
  END IF;
END $$`;

/** Recomputes the rows of these (organization, person) pairs (arrays of one length). */
const PEOPLE_FUNCTION = `
CREATE FUNCTION refresh_enrolment_passes(organizations integer[], people integer[])
RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF cardinality(people) = 0 THEN RETURN; END IF;
  PERFORM lock_enrolment_passes(organizations, people);
  DELETE FROM enrolment_passes t
   USING unnest(organizations, people) AS p(organization_id, user_id)
   WHERE t.organization_id = p.organization_id AND t.user_id = p.user_id;
  INSERT INTO enrolment_passes
  ${passesOf(`(c.organization_id, e.user_id) IN (SELECT * FROM unnest(organizations, people))`)};
END $$`;

/**
 * Recomputes every enrolment of these courses, under the lock of their organizations (those
 * given, a course's and its rows'): a course's SOPs or organization changed, or it is gone.
 */
const COURSES_FUNCTION = `
CREATE FUNCTION refresh_course_passes(organizations integer[], course_ids integer[])
RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF cardinality(course_ids) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('enrolment-passes'), o) FROM (
    SELECT o FROM unnest(organizations) o
     UNION SELECT organization_id FROM courses WHERE id = ANY (course_ids)
     UNION SELECT organization_id FROM enrolment_passes WHERE course_id = ANY (course_ids)
     ORDER BY 1) t;
  DELETE FROM enrolment_passes WHERE course_id = ANY (course_ids);
  INSERT INTO enrolment_passes ${passesOf('e.course_id = ANY (course_ids)')};
END $$`;

/** Refreshes the (organization_id, user_id) pairs `rows` selects. */
const refreshOf = (rows: string) => `PERFORM refresh_enrolment_passes(
    coalesce(array_agg(organization_id ORDER BY organization_id, user_id), '{}'),
    coalesce(array_agg(user_id ORDER BY organization_id, user_id), '{}'))
  FROM (SELECT DISTINCT * FROM (${rows}) r) pairs`;

/** Observations written: their people, when a pass was added, removed or moved. */
const OBSERVATIONS_FUNCTION = `
CREATE FUNCTION enrolment_passes_of_observations() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refreshOf(`SELECT organization_id, operator_id AS user_id FROM new_rows
      WHERE status = 'completed' AND passed`)};
  ELSIF TG_OP = 'DELETE' THEN
    ${refreshOf(`SELECT organization_id, operator_id AS user_id FROM old_rows
      WHERE status = 'completed' AND passed`)};
  ELSE
    ${refreshOf(`SELECT t.organization_id, t.user_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.organization_id, n.operator_id),
                                 (o.organization_id, o.operator_id)) AS t(organization_id, user_id)
     WHERE ((n.status = 'completed' AND n.passed) OR (o.status = 'completed' AND o.passed))
       AND (n.organization_id, n.operator_id, n.document_id, n.status, n.passed)
           IS DISTINCT FROM (o.organization_id, o.operator_id, o.document_id, o.status, o.passed)`)};
  END IF;
  RETURN NULL;
END $$`;

/**
 * Enrolments written: the people of those added or moved recomputed in their course's
 * organization; the rows of those removed dropped, under the locks of their people (a course's
 * cascade: under its organization's, taken before).
 */
const ENROLLMENTS_FUNCTION = `
CREATE FUNCTION enrolment_passes_of_enrollments() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refreshOf(`SELECT c.organization_id, n.user_id FROM new_rows n
      JOIN courses c ON c.id = n.course_id`)};
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM lock_enrolment_passes(
      coalesce(array_agg(organization_id ORDER BY organization_id), '{}'),
      coalesce(array_agg(user_id ORDER BY user_id), '{}'))
      FROM (SELECT c.organization_id, o.user_id FROM old_rows o JOIN courses c ON c.id = o.course_id
             UNION SELECT p.organization_id, p.user_id FROM old_rows o
              JOIN enrolment_passes p ON p.course_id = o.course_id AND p.user_id = o.user_id) t;
    DELETE FROM enrolment_passes p USING old_rows o
     WHERE p.course_id = o.course_id AND p.user_id = o.user_id;
  ELSE
    ${refreshOf(`SELECT c.organization_id, n.user_id FROM new_rows n
      JOIN courses c ON c.id = n.course_id
     WHERE NOT EXISTS (SELECT 1 FROM old_rows o
                        WHERE o.course_id = n.course_id AND o.user_id = n.user_id)
    UNION SELECT c.organization_id, o.user_id FROM old_rows o
      JOIN courses c ON c.id = o.course_id
     WHERE NOT EXISTS (SELECT 1 FROM new_rows n
                        WHERE o.course_id = n.course_id AND o.user_id = n.user_id)`)};
  END IF;
  RETURN NULL;
END $$`;

/** A course's SOPs written: its enrolments recomputed. */
const COURSE_SOPS_FUNCTION = `
CREATE FUNCTION enrolment_passes_of_course_sops() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_course_passes('{}', coalesce(array_agg(DISTINCT course_id), '{}'))
       FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_course_passes('{}', coalesce(array_agg(DISTINCT course_id), '{}'))
       FROM old_rows;
  ELSE
    PERFORM refresh_course_passes('{}', coalesce(array_agg(DISTINCT course_id), '{}')) FROM (
      SELECT n.course_id FROM new_rows n JOIN old_rows o USING (course_id, position)
       WHERE n.document_id <> o.document_id
      UNION SELECT course_id FROM new_rows n WHERE NOT EXISTS (
        SELECT 1 FROM old_rows o WHERE o.course_id = n.course_id AND o.position = n.position)
      UNION SELECT course_id FROM old_rows o WHERE NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE o.course_id = n.course_id AND o.position = n.position)) t;
  END IF;
  RETURN NULL;
END $$`;

/** Courses moved to another organization: their enrolments recomputed. */
const COURSES_FUNCTION_TRIGGER = `
CREATE FUNCTION enrolment_passes_of_courses() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM refresh_course_passes(array_agg(o.organization_id) || array_agg(n.organization_id),
                                array_agg(n.id))
     FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.organization_id <> o.organization_id
   HAVING count(*) > 0;
  RETURN NULL;
END $$`;

/**
 * A course about to be deleted: its organization's lock taken before the cascade deletes its
 * enrolments (whose trigger drops their rows), so that a recompute of its people started before
 * has committed and none starts until the course is gone. Taken after, the lock could wait for
 * a recompute waiting on a person the cascade already holds.
 */
const LOCK_COURSE_FUNCTION = `
CREATE FUNCTION enrolment_passes_lock_course() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('enrolment-passes'), OLD.organization_id);
  RETURN OLD;
END $$`;

const FUNCTIONS = [
  LOCK_FUNCTION,
  PEOPLE_FUNCTION,
  COURSES_FUNCTION,
  OBSERVATIONS_FUNCTION,
  ENROLLMENTS_FUNCTION,
  COURSE_SOPS_FUNCTION,
  COURSES_FUNCTION_TRIGGER,
  LOCK_COURSE_FUNCTION,
];
