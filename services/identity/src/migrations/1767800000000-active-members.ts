import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team stats' head counts: per organization and role, the active people. Team stats counted
 * them over every user of the organization on each call (100,001 at the bench's scale:
 * 155-290 ms of a 300 ms target under load); read from here they are a row per role.
 *
 * Kept by statement triggers on users that add each statement's differences (+1 for an active
 * row inserted, -1 for one deleted, both for a row updated), as observation's insights counters
 * are: a difference needs no lock beyond the counter row's own (`ON CONFLICT DO UPDATE` adds to
 * the latest committed count), taken in key order. An update that changes no organization, role
 * or activity (a sign-in's `last_login`) nets to nothing and writes no counter. A role's row is
 * dropped at 0, so the roles read are those with an active person, as the count grouped them.
 * The function keeps the migration's search_path: the bench's seed names the schema itself.
 */
export class ActiveMembers1767800000000 implements MigrationInterface {
  name = 'ActiveMembers1767800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE active_members (
         organization_id integer NOT NULL,
         role text NOT NULL,
         active integer NOT NULL,
         PRIMARY KEY (organization_id, role))`,
    );
    await db.query(TRIGGER_FUNCTION);
    await db.query(`CREATE TRIGGER users_active_inserted AFTER INSERT ON users
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION active_members_of()`);
    await db.query(`CREATE TRIGGER users_active_updated AFTER UPDATE ON users
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION active_members_of()`);
    await db.query(`CREATE TRIGGER users_active_deleted AFTER DELETE ON users
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION active_members_of()`);
    // The backfill: every active person counted once.
    await db.query(`INSERT INTO active_members
      SELECT organization_id, role, sum(active) FROM (${counted('users', '1')}) d
       GROUP BY 1, 2 ORDER BY 1, 2`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['inserted', 'updated', 'deleted'])
      await db.query(`DROP TRIGGER users_active_${event} ON users`);
    await db.query(`DROP FUNCTION active_members_of()`);
    await db.query(`DROP TABLE active_members`);
  }
}

/** The active people of `rows`, each counted `sign` times. */
const counted = (rows: string, sign: string) => `
  SELECT organization_id, role, ${sign} AS active FROM ${rows} WHERE is_active`;

/** Adds the differences of the rows `differences` selects, then drops the roles at 0. */
const apply = (differences: string) => `
  INSERT INTO active_members AS t (organization_id, role, active)
  SELECT organization_id, role, sum(active) FROM (${differences}) d
   GROUP BY 1, 2 HAVING sum(active) <> 0 ORDER BY 1, 2
  ON CONFLICT (organization_id, role) DO UPDATE SET active = t.active + excluded.active;
  DELETE FROM active_members WHERE active = 0
     AND (organization_id, role) IN (SELECT organization_id, role FROM (${differences}) d)`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION active_members_of() RETURNS trigger
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
