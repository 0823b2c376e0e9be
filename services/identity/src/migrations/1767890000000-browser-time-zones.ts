import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The time zone a person's device is set to, as the web app reports it at sign-in and while the
 * session is used, so what the server writes to someone who chose no zone dates it as their app
 * shows it, not in UTC.
 *
 * Expand only: a nullable column, nothing rewritten. null (everyone until their app next reaches
 * the server) reads as before, UTC. The previous release, while it still runs beside this one,
 * neither reads nor writes it.
 */
export class BrowserTimeZones1767890000000 implements MigrationInterface {
  name = 'BrowserTimeZones1767890000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE user_preferences ADD COLUMN browser_time_zone text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE user_preferences DROP COLUMN browser_time_zone`);
  }
}
