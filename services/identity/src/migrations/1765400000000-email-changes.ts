import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A new email waits here until its owner opens the link mailed to it (issue #16). */
export class EmailChanges1765400000000 implements MigrationInterface {
  name = 'EmailChanges1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE email_changes (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        new_email text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX email_changes_user_idx ON email_changes (user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE email_changes`);
  }
}
