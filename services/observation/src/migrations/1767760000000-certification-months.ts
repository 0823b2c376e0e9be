import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The certifications insights page's months: per organization and UTC month, the
 * certifications issued in it (by their current issue) and those in force (not revoked) that
 * expire in it. The page grouped every certification of the organization by both months on
 * each call (100,000 at the bench's scale: 270-380 ms of a 300 ms target); read from here
 * they are a row per month.
 *
 * Kept by statement triggers on certifications that add each statement's differences (+1 for
 * a row inserted, -1 for a row deleted, both for a row updated), not by recomputing: a
 * difference needs no lock beyond the counter row's own (`ON CONFLICT DO UPDATE` adds to the
 * latest committed count), taken in key order. A month's row is dropped once both counts are
 * 0. The function keeps the migration's search_path: the bench's seed names the schema itself.
 */
export class CertificationMonths1767760000000 implements MigrationInterface {
  name = 'CertificationMonths1767760000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE certification_months (
         organization_id integer NOT NULL,
         month timestamp NOT NULL,
         issued integer NOT NULL,
         expiring integer NOT NULL,
         PRIMARY KEY (organization_id, month))`,
    );
    await db.query(TRIGGER_FUNCTION);
    await db.query(`CREATE TRIGGER certifications_months_inserted AFTER INSERT ON certifications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION certification_months_of()`);
    await db.query(`CREATE TRIGGER certifications_months_updated AFTER UPDATE ON certifications
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION certification_months_of()`);
    await db.query(`CREATE TRIGGER certifications_months_deleted AFTER DELETE ON certifications
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION certification_months_of()`);
    // The backfill: every certification counted once.
    await db.query(`INSERT INTO certification_months
      SELECT organization_id, month, sum(issued), sum(expiring)
        FROM (${counted('certifications', '1')}) d
       GROUP BY 1, 2 ORDER BY 1, 2`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['inserted', 'updated', 'deleted'])
      await db.query(`DROP TRIGGER certifications_months_${event} ON certifications`);
    await db.query(`DROP FUNCTION certification_months_of()`);
    await db.query(`DROP TABLE certification_months`);
  }
}

/** The issue and expiry months of the certifications in `rows`, each counted `sign` times. */
const counted = (rows: string, sign: string) => `
  SELECT organization_id, date_trunc('month', issued_at AT TIME ZONE 'UTC') AS month,
         ${sign} AS issued, 0 AS expiring FROM ${rows}
  UNION ALL
  SELECT organization_id, date_trunc('month', expires_at AT TIME ZONE 'UTC'), 0, ${sign}
    FROM ${rows} WHERE revoked_at IS NULL`;

/** Adds the differences of the rows `differences` selects, then drops the months at 0. */
const apply = (differences: string) => `
  INSERT INTO certification_months AS t (organization_id, month, issued, expiring)
  SELECT organization_id, month, sum(issued), sum(expiring) FROM (${differences}) d
   GROUP BY 1, 2 HAVING sum(issued) <> 0 OR sum(expiring) <> 0 ORDER BY 1, 2
  ON CONFLICT (organization_id, month) DO UPDATE
     SET issued = t.issued + excluded.issued, expiring = t.expiring + excluded.expiring;
  DELETE FROM certification_months WHERE issued = 0 AND expiring = 0
     AND (organization_id, month) IN (SELECT organization_id, month FROM (${differences}) d)`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION certification_months_of() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${apply(counted('new_rows', '1'))};
  ELSIF TG_OP = 'DELETE' THEN
    ${apply(counted('old_rows', '-1'))};
  ELSE
    ${apply(`${counted('new_rows', '1')} UNION ALL ${counted('old_rows', '-1')}`)};
  END IF;
  RETURN NULL;
END $$`;
