import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language a person's browser reads, remembered at sign-in (the product language chosen
 * from its `Accept-Language`), so what the server writes to someone who chose no language and
 * whose organization has no default follows the browser as the web app does, not English.
 *
 * Expand only: a nullable column, nothing rewritten. null (everyone until they next sign in)
 * reads as before, English. The previous release, while it still runs beside this one, neither
 * reads nor writes it.
 */
export class BrowserLanguages1767870000000 implements MigrationInterface {
  name = 'BrowserLanguages1767870000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE user_preferences ADD COLUMN browser_language text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE user_preferences DROP COLUMN browser_language`);
  }
}
