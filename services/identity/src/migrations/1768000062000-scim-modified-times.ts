import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When what SCIM shows of a member last changed (`meta.lastModified`), which identity providers
 * compare to decide whom to sync: until now the suspension's instant or else the creation's, so
 * a rename, a new email or externalId left it, and a reactivation set it back to the creation.
 *
 * Kept by a trigger rather than by the writers: the app's profile, the administrators' pages,
 * SAML sign-in, people imports and SCIM's raw suspension statements all write these columns, and
 * a writer added later cannot forget it. Only the columns a SCIM User shows move it (a sign-in's
 * `last_login`, a password, a picture or a role, which SCIM does not show, leave it), and only
 * when their value changes, so an identity provider's PUT of the same profile changes nothing.
 *
 * Each change is at least a millisecond (the precision SCIM shows) after the last, so the value
 * never goes back, nor stays, with a change, even within a millisecond or against a clock set
 * back; the row's lock orders concurrent changes. A writer cannot set it: the trigger keeps the
 * stored value through any update that does not change what SCIM shows.
 *
 * Existing members start at the later of their creation and suspension (what SCIM showed): no
 * value an identity provider has read is ever followed by an earlier one.
 */
export class ScimModifiedTimes1768000062000 implements MigrationInterface {
  name = 'ScimModifiedTimes1768000062000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN scim_modified_at timestamptz`);
    await db.query(
      `UPDATE users SET scim_modified_at = GREATEST(created_at, suspended_at)
        WHERE scim_modified_at IS NULL`,
    );
    // A new member's is their creation's (`now()` is the transaction's, as created_at's default).
    await db.query(`ALTER TABLE users ALTER COLUMN scim_modified_at SET DEFAULT now(),
                                      ALTER COLUMN scim_modified_at SET NOT NULL`);
    await db.query(TRIGGER_FUNCTION);
    await db.query(`CREATE TRIGGER users_scim_modified BEFORE UPDATE ON users FOR EACH ROW
      WHEN (${shown('OLD')} IS DISTINCT FROM ${shown('NEW')}
            OR OLD.scim_modified_at IS DISTINCT FROM NEW.scim_modified_at)
      EXECUTE FUNCTION users_scim_modified()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER users_scim_modified ON users`);
    await db.query(`DROP FUNCTION users_scim_modified()`);
    await db.query(`ALTER TABLE users DROP COLUMN scim_modified_at`);
  }
}

/** The columns a SCIM User shows (toScimUser), of `row`; `active` is not being suspended. */
const shown = (row: 'OLD' | 'NEW') =>
  `(${row}.email, ${row}.name, ${row}.given_name, ${row}.family_name, ${row}.scim_external_id,
    ${row}.suspended_at IS NULL)`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION users_scim_modified() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF ${shown('OLD')} IS DISTINCT FROM ${shown('NEW')} THEN
    NEW.scim_modified_at := GREATEST(date_trunc('milliseconds', clock_timestamp()),
                                     date_trunc('milliseconds', OLD.scim_modified_at)
                                       + interval '1 millisecond');
  ELSE
    NEW.scim_modified_at := OLD.scim_modified_at;
  END IF;
  RETURN NEW;
END $$`;
