import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Languages (issue #46): a user's language may be "not chosen" (null), which follows the
 * organization's default, else the browser's; an organization gets that default.
 *
 * Expand only: the column loses its NOT NULL and its 'en' default, nothing is dropped or retyped.
 * Stored 'en' values become null: until this release English was the only choice, and every
 * row saved for another preference (a theme, a time zone, a people-import line without a
 * language) wrote it, so an 'en' says nothing about what the person reads. The previous
 * release, while it still runs beside this one, reads a null language as "the defaults" (its
 * parse fails over to them), which only resets a theme on its replicas for the rollout.
 */
export class Languages1766470000000 implements MigrationInterface {
  name = 'Languages1766470000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE user_preferences ALTER COLUMN language DROP NOT NULL, ALTER COLUMN language DROP DEFAULT`,
    );
    await db.query(`UPDATE user_preferences SET language = NULL WHERE language = 'en'`);
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
