import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Someone suspended (by an administrator or SCIM: `suspended_at`) is no active member: the team
 * stats' head counts (`active_members`, migration 1767800000000) and the membership versions
 * (migration 1767840000000) count the people accepted and not suspended, so Team Overview counts
 * nobody suspended as active, and the skills matrix's total of its people (accepted, not
 * suspended) is still read from `active_members`, not counted over 100,001 rows. The triggers'
 * functions are replaced with that definition, the counts recounted (the users locked against
 * writes meanwhile, so no write's difference is lost or counted twice), and a new version given
 * to every organization with someone suspended, whose kept verdicts named them active.
 *
 * Also the organization's suspended people by id (partial, as `users_pending_idx`): the matrix's
 * column gaps take them off, asked on every page, without reading every person.
 */
export class SuspendedMembers1768000003000 implements MigrationInterface {
  name = 'SuspendedMembers1768000003000';

  async up(db: QueryRunner): Promise<void> {
    await redefine(db, 'is_active AND suspended_at IS NULL');
    await db.query(`INSERT INTO membership_versions AS t (organization_id, version)
      SELECT organization_id, nextval('membership_version_seq')
        FROM (SELECT DISTINCT organization_id FROM users WHERE suspended_at IS NOT NULL
               ORDER BY 1) o
      ON CONFLICT (organization_id) DO UPDATE SET version = excluded.version`);
    await db.query(
      `CREATE INDEX IF NOT EXISTS users_suspended_idx ON users (organization_id, id)
        WHERE suspended_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS users_suspended_idx`);
    await redefine(db, 'is_active');
  }
}

/** Both triggers' functions counting the rows `counted` holds, and the head counts recounted. */
async function redefine(db: QueryRunner, counted: string): Promise<void> {
  await db.query(`LOCK TABLE users IN SHARE MODE`);
  await db.query(activeMembersFunction(counted));
  await db.query(membershipVersionsFunction(counted));
  await db.query(`DELETE FROM active_members`);
  await db.query(`INSERT INTO active_members
    SELECT organization_id, role, count(*) FROM users WHERE ${counted}
     GROUP BY 1, 2 ORDER BY 1, 2`);
}

/** migration 1767800000000's function, counting the rows `counted` holds. */
function activeMembersFunction(counted: string): string {
  const rows = (table: string, sign: string) =>
    `SELECT organization_id, role, ${sign} AS active FROM ${table} WHERE ${counted}`;
  const apply = (differences: string) => `
    INSERT INTO active_members AS t (organization_id, role, active)
    SELECT organization_id, role, sum(active) FROM (${differences}) d
     GROUP BY 1, 2 HAVING sum(active) <> 0 ORDER BY 1, 2
    ON CONFLICT (organization_id, role) DO UPDATE SET active = t.active + excluded.active;
    DELETE FROM active_members WHERE active = 0
       AND (organization_id, role) IN (SELECT organization_id, role FROM (${differences}) d)`;
  return `
CREATE OR REPLACE FUNCTION active_members_of() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${apply(rows('new_rows', '1'))};
  ELSIF TG_OP = 'DELETE' THEN
    ${apply(rows('old_rows', '-1'))};
  ELSE
    ${apply(`${rows('new_rows', '1')} UNION ALL ${rows('old_rows', '-1')}`)};
  END IF;
  RETURN NULL;
END $$`;
}

/** migration 1767840000000's function, the rows `counted` holds being the active ones. */
function membershipVersionsFunction(counted: string): string {
  const active = (table: string) => `SELECT id, organization_id FROM ${table} WHERE ${counted}`;
  const bump = (changed: string) => `
    INSERT INTO membership_versions AS t (organization_id, version)
    SELECT organization_id, nextval('membership_version_seq')
      FROM (SELECT DISTINCT organization_id FROM (${changed}) c ORDER BY 1) o
    ON CONFLICT (organization_id) DO UPDATE SET version = excluded.version`;
  return `
CREATE OR REPLACE FUNCTION membership_versions_of() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${bump(active('new_rows'))};
  ELSIF TG_OP = 'DELETE' THEN
    ${bump(active('old_rows'))};
  ELSE
    ${bump(`(${active('new_rows')} EXCEPT ${active('old_rows')})
      UNION ALL (${active('old_rows')} EXCEPT ${active('new_rows')})`)};
  END IF;
  RETURN NULL;
END $$`;
}
