import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Languages (issue #46): a user's language may be "not chosen" (null), which follows the
 * organization's default, else the browser's; an organization gets that default.
 *
 * Expand only: the column loses its NOT NULL and its 'en' default, nothing is dropped or retyped.
 * Stored values are kept as the previous release wrote them (an upgrade changes no record; a
 * member picks "Automatic" to follow the organization's default). The previous release, while it
 * still runs beside this one, reads a new member's null language as "the defaults" (its parse
 * fails over to them), which only resets a theme on its replicas for the rollout.
 */
export class Languages1766470000000 implements MigrationInterface {
  name = 'Languages1766470000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE user_preferences ALTER COLUMN language DROP NOT NULL, ALTER COLUMN language DROP DEFAULT`,
    );
    await db.query(`ALTER TABLE organizations ADD COLUMN default_language text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE organizations DROP COLUMN default_language`);
    await db.query(`UPDATE user_preferences SET language = 'en' WHERE language IS NULL`);
    await db.query(
      `ALTER TABLE user_preferences ALTER COLUMN language SET DEFAULT 'en', ALTER COLUMN language SET NOT NULL`,
    );
  }
}
