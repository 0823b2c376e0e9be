import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An API token acts as the administrator who made it. One made by someone since demoted,
 * suspended, moved or deleted was refused at use but still listed as live, and worked again the
 * day its creator was made an administrator again. Now it is revoked in the same transaction as
 * the change, by triggers, so no path of identity's (a people import, SCIM, a deletion, an
 * operator's SQL) can forget it; tokens orphaned before this release are revoked here.
 *
 * Expand only: triggers and an update of revoked tokens. The previous release, while it still
 * runs beside this one, already refuses these tokens at use.
 */
export class FormerAdminsTokens1767896000000 implements MigrationInterface {
  name = 'FormerAdminsTokens1767896000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE FUNCTION revoke_tokens_of_former_admin() RETURNS trigger
      LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE api_tokens SET revoked_at = now() WHERE created_by = OLD.id AND revoked_at IS NULL;
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER users_admin_left AFTER UPDATE ON users FOR EACH ROW
      WHEN (OLD.role = 'admin' AND NOT (NEW.role = 'admin' AND NEW.is_active
        AND NEW.suspended_at IS NULL AND NEW.organization_id = OLD.organization_id))
      EXECUTE FUNCTION revoke_tokens_of_former_admin()`);
    // A deleted creator's tokens lose their creator (ON DELETE SET NULL): revoked as they do.
    await db.query(`CREATE FUNCTION revoke_token_without_creator() RETURNS trigger
      LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        NEW.revoked_at := coalesce(NEW.revoked_at, now());
        RETURN NEW;
      END $$`);
    await db.query(`CREATE TRIGGER api_tokens_creator_gone BEFORE UPDATE OF created_by
      ON api_tokens FOR EACH ROW
      WHEN (OLD.created_by IS NOT NULL AND NEW.created_by IS NULL)
      EXECUTE FUNCTION revoke_token_without_creator()`);
    await db.query(`UPDATE api_tokens t SET revoked_at = now()
      WHERE revoked_at IS NULL AND NOT EXISTS (
        SELECT 1 FROM users u
         WHERE u.id = t.created_by AND u.organization_id = t.organization_id
           AND u.role = 'admin' AND u.is_active AND u.suspended_at IS NULL)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER api_tokens_creator_gone ON api_tokens`);
    await db.query(`DROP FUNCTION revoke_token_without_creator()`);
    await db.query(`DROP TRIGGER users_admin_left ON users`);
    await db.query(`DROP FUNCTION revoke_tokens_of_former_admin()`);
  }
}
