import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SOP certifications that count against a skills-matrix gap: not revoked, no re-observation
 * due, held by a member of a job function (of the certification's organization) that requires
 * the SOP, one row per (organization, person, SOP) with the certification's expiry (in force
 * while `expires_at > now()`, checked when read). The matrix's column gaps over every member
 * counted these by joining 91,000 certifications in force to 100,000 memberships on every page
 * (150-400 ms of the page's 300 at the bench's scale); read from here they are a few thousand
 * rows of the organization.
 *
 * Kept by statement triggers in the transaction that writes the facts (certifications, job
 * function members, a function's SOPs), whatever writes them: each recomputes the rows of the
 * people it touched from the tables as they then are. Recomputing from two tables written
 * concurrently (a certification issued while its holder leaves the function) could keep a stale
 * row, so a recompute waits for the others of its people: a few people (<= 100) take a shared
 * lock of the organization and one lock per person, in id order; more (an import, a function's
 * SOPs changed, an organization deleted) take the organization's lock alone. Each statement of
 * the plpgsql function reads what was committed once the locks are held (READ COMMITTED).
 * The functions keep the migration's search_path: the bench's seed names the schema itself.
 */
export class RequiredCertifications1767600000000 implements MigrationInterface {
  name = 'RequiredCertifications1767600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE required_certifications (
         organization_id integer NOT NULL,
         user_id integer NOT NULL,
         document_id integer NOT NULL,
         expires_at timestamptz NOT NULL,
         PRIMARY KEY (organization_id, user_id, document_id))`,
    );
    await db.query(REFRESH_FUNCTION);
    await db.query(CERTIFICATIONS_FUNCTION);
    await db.query(MEMBERS_FUNCTION);
    await db.query(SOPS_FUNCTION);
    for (const [table, fn] of [
      ['certifications', 'required_certifications_of_certifications'],
      ['job_function_members', 'required_certifications_of_members'],
      ['job_function_sops', 'required_certifications_of_sops'],
    ]) {
      await db.query(`CREATE TRIGGER ${table}_required_inserted AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
      await db.query(`CREATE TRIGGER ${table}_required_updated AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
      await db.query(`CREATE TRIGGER ${table}_required_deleted AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    }
    // The backfill: every person's rows.
    await db.query(`INSERT INTO required_certifications
      ${heldRequired('TRUE')} ORDER BY 1, 2, 3`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['certifications', 'job_function_members', 'job_function_sops']) {
      for (const event of ['inserted', 'updated', 'deleted'])
        await db.query(`DROP TRIGGER ${table}_required_${event} ON ${table}`);
    }
    for (const fn of ['certifications', 'members', 'sops'])
      await db.query(`DROP FUNCTION required_certifications_of_${fn}()`);
    await db.query(`DROP FUNCTION refresh_required_certifications(integer[], integer[])`);
    await db.query(`DROP TABLE required_certifications`);
  }
}

/** The rows of the certifications c that `where` keeps (the table's definition). */
function heldRequired(where: string): string {
  return `SELECT c.organization_id, c.user_id, c.subject_id, c.expires_at
    FROM certifications c
   WHERE ${where} AND c.kind = 'sop' AND c.revoked_at IS NULL AND c.reobservation_version IS NULL
     AND EXISTS (
       SELECT 1 FROM job_function_members m
         JOIN job_functions f ON f.id = m.job_function_id AND f.organization_id = c.organization_id
         JOIN job_function_sops s ON s.job_function_id = m.job_function_id
                                 AND s.document_id = c.subject_id
        WHERE m.organization_id = c.organization_id AND m.user_id = c.user_id)`;
}

/** Recomputes the rows of these (organization, person) pairs (two arrays of the same length). */
const REFRESH_FUNCTION = `
CREATE FUNCTION refresh_required_certifications(organizations integer[], users integer[])
RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF cardinality(users) = 0 THEN RETURN; END IF;
  IF cardinality(users) > 100 THEN
    PERFORM pg_advisory_xact_lock(hashtext('required-certifications'), o)
       FROM (SELECT DISTINCT o FROM unnest(organizations) o ORDER BY o) t;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('required-certifications'), o)
       FROM (SELECT DISTINCT o FROM unnest(organizations) o ORDER BY o) t;
    PERFORM pg_advisory_xact_lock(hashtext('required-certifications-of'), u)
       FROM (SELECT DISTINCT u FROM unnest(users) u ORDER BY u) t;
  END IF;
  DELETE FROM required_certifications r
   USING unnest(organizations, users) AS p(organization_id, user_id)
   WHERE r.organization_id = p.organization_id AND r.user_id = p.user_id;
  INSERT INTO required_certifications
  ${heldRequired(`(c.organization_id, c.user_id) IN
      (SELECT organization_id, user_id FROM unnest(organizations, users) AS p(organization_id, user_id))`)}
   ORDER BY 1, 2, 3;
END $$`;

/** Refreshes the (organization_id, user_id) pairs `rows` selects, passed as two arrays. */
export const refreshOf = (rows: string) => `PERFORM refresh_required_certifications(
    coalesce(array_agg(organization_id ORDER BY organization_id, user_id), '{}'),
    coalesce(array_agg(user_id ORDER BY organization_id, user_id), '{}'))
  FROM (${rows}) pairs`;

/** Certifications written: their holders, when a column the rows depend on changed. */
const CERTIFICATIONS_FUNCTION = `
CREATE FUNCTION required_certifications_of_certifications() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refreshOf(`SELECT DISTINCT organization_id, user_id FROM new_rows WHERE kind = 'sop'`)};
  ELSIF TG_OP = 'DELETE' THEN
    ${refreshOf(`SELECT DISTINCT organization_id, user_id FROM old_rows WHERE kind = 'sop'`)};
  ELSE
    ${refreshOf(`SELECT DISTINCT p.organization_id, p.user_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.organization_id, n.user_id), (o.organization_id, o.user_id))
        AS p(organization_id, user_id)
     WHERE (n.kind = 'sop' OR o.kind = 'sop')
       AND (n.organization_id, n.user_id, n.kind, n.subject_id, n.expires_at, n.revoked_at,
            n.reobservation_version)
           IS DISTINCT FROM (o.organization_id, o.user_id, o.kind, o.subject_id, o.expires_at,
                             o.revoked_at, o.reobservation_version)`)};
  END IF;
  RETURN NULL;
END $$`;

/** Memberships written: their people. */
const MEMBERS_FUNCTION = `
CREATE FUNCTION required_certifications_of_members() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refreshOf(`SELECT DISTINCT organization_id, user_id FROM new_rows`)};
  ELSIF TG_OP = 'DELETE' THEN
    ${refreshOf(`SELECT DISTINCT organization_id, user_id FROM old_rows`)};
  ELSE
    ${refreshOf(`SELECT organization_id, user_id FROM new_rows
      UNION SELECT organization_id, user_id FROM old_rows`)};
  END IF;
  RETURN NULL;
END $$`;

/** A function's SOPs written: its members. */
export const SOPS_FUNCTION = `
CREATE FUNCTION required_certifications_of_sops() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refreshOf(`SELECT DISTINCT m.organization_id, m.user_id FROM job_function_members m
      WHERE m.job_function_id IN (SELECT job_function_id FROM new_rows)`)};
  ELSIF TG_OP = 'DELETE' THEN
    ${refreshOf(`SELECT DISTINCT m.organization_id, m.user_id FROM job_function_members m
      WHERE m.job_function_id IN (SELECT job_function_id FROM old_rows)`)};
  ELSE
    ${refreshOf(`SELECT DISTINCT m.organization_id, m.user_id FROM job_function_members m
      WHERE m.job_function_id IN (SELECT job_function_id FROM new_rows
                                  UNION SELECT job_function_id FROM old_rows)`)};
  END IF;
  RETURN NULL;
END $$`;
