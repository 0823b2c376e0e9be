import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings (issue #15): when each session was last used, when a password last changed, and
 * each user's reading preferences (language, time zone, date format, theme).
 */
export class Settings1765700000000 implements MigrationInterface {
  name = 'Settings1765700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz`);
    await db.query(`UPDATE sessions SET last_seen_at = created_at`);
    await db.query(
      `ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL, ALTER COLUMN last_seen_at SET DEFAULT now()`,
    );
    // Unknown for passwords set before this column existed: the page says so rather than guess.
    await db.query(`ALTER TABLE users ADD COLUMN password_changed_at timestamptz`);
    await db.query(`
      CREATE TABLE user_preferences (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        language text NOT NULL DEFAULT 'en',
        time_zone text,
        date_format text NOT NULL DEFAULT 'MM/DD/YYYY',
        theme text NOT NULL DEFAULT 'system',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE user_preferences`);
    await db.query(`ALTER TABLE users DROP COLUMN password_changed_at`);
    await db.query(`ALTER TABLE sessions DROP COLUMN last_seen_at`);
  }
}
