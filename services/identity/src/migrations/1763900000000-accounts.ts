import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763900000000 implements MigrationInterface {
  name = 'Accounts1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE invitations (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        invited_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz
      )`);
    await db.query(`CREATE INDEX invitations_user_idx ON invitations (user_id)`);
    await db.query(`
      CREATE TABLE notifications (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('info','warning','success','error')),
        title text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX notifications_user_time_idx ON notifications (user_id, created_at DESC)`,
    );
    await db.query(`
      CREATE TABLE notification_settings (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        email_notifications boolean NOT NULL DEFAULT false,
        push_notifications boolean NOT NULL DEFAULT false,
        system_updates boolean NOT NULL DEFAULT false,
        activity_summary boolean NOT NULL DEFAULT false,
        marketing_emails boolean NOT NULL DEFAULT false
      )`);
    await db.query(`
      CREATE TABLE global_prompts (
        id integer PRIMARY KEY CHECK (id = 1),
        quiz_prompts text NOT NULL DEFAULT '',
        video_analysis_prompts text NOT NULL DEFAULT '',
        updated_by integer REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz
      )`);
    await db.query(`INSERT INTO global_prompts (id) VALUES (1)`);
    await db.query(`
      CREATE TABLE outbox_mails (
        id serial PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE picture_uploads (
        file_name text PRIMARY KEY,
        storage_key text NOT NULL,
        organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        uploaded_by integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        claimed_at timestamptz
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'picture_uploads',
      'outbox_mails',
      'global_prompts',
      'notification_settings',
      'notifications',
      'invitations',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
