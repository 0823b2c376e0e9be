import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Videos1764300000000 implements MigrationInterface {
  name = 'Videos1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE videos (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        title text NOT NULL,
        description text,
        file_name text NOT NULL,
        file_size bigint NOT NULL,
        storage_key text NOT NULL UNIQUE,
        recorded_at timestamptz NOT NULL,
        uploaded_by integer NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        analysis_status text NOT NULL DEFAULT 'pending' CHECK (analysis_status IN ('pending','processing','completed','failed')),
        analysis_error text,
        analysis_run integer NOT NULL DEFAULT 0,
        progress_current integer,
        progress_total integer,
        progress_updated_at timestamptz NOT NULL DEFAULT now(),
        duration_seconds real,
        detected_operators integer,
        identified_operators integer,
        identification_rate real,
        analyzed_at timestamptz,
        report jsonb
      )`);
    await db.query(`CREATE INDEX videos_org_idx ON videos (organization_id, uploaded_at DESC)`);
    await db.query(`
      CREATE TABLE video_sops (
        video_id integer NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
        sop_id integer NOT NULL,
        sop_title text NOT NULL,
        PRIMARY KEY (video_id, sop_id)
      )`);
    await db.query(`
      CREATE TABLE face_enrolments (
        user_id integer PRIMARY KEY,
        organization_id integer NOT NULL,
        picture_key text NOT NULL,
        embedding jsonb NOT NULL,
        model text NOT NULL,
        enrolled_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX face_enrolments_org_idx ON face_enrolments (organization_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE face_enrolments`);
    await db.query(`DROP TABLE video_sops`);
    await db.query(`DROP TABLE videos`);
  }
}
