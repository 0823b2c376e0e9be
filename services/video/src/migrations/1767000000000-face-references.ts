import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Several faces per person: besides the profile picture (one per user, as before) up to five
 * reference photos, each an enrolment row of its own. A reference the worker refused keeps only
 * its reason (no embedding, no file) until it is read. The reviews of reports' faces are kept
 * with who and when, and go with their video.
 */
export class FaceReferences1767000000000 implements MigrationInterface {
  name = 'FaceReferences1767000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE face_enrolments DROP CONSTRAINT face_enrolments_pkey`);
    await db.query(`ALTER TABLE face_enrolments ADD COLUMN id serial PRIMARY KEY`);
    await db.query(
      `ALTER TABLE face_enrolments ADD COLUMN source text NOT NULL DEFAULT 'profile'
         CHECK (source IN ('profile', 'reference'))`,
    );
    await db.query(`ALTER TABLE face_enrolments ADD COLUMN rejection text`);
    await db.query(
      `CREATE UNIQUE INDEX face_enrolments_profile_idx ON face_enrolments (user_id)
        WHERE source = 'profile'`,
    );
    await db.query(`CREATE INDEX face_enrolments_user_idx ON face_enrolments (user_id)`);
    await db.query(`
      CREATE TABLE face_reviews (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
        run integer NOT NULL,
        face_id text NOT NULL,
        decision text NOT NULL CHECK (decision IN ('confirm', 'reject', 'name')),
        user_id integer NOT NULL,
        reviewed_by integer NOT NULL,
        reviewed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX face_reviews_video_idx ON face_reviews (video_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE face_reviews`);
    await db.query(`DELETE FROM face_enrolments WHERE source <> 'profile'`);
    await db.query(`DROP INDEX face_enrolments_user_idx`);
    await db.query(`DROP INDEX face_enrolments_profile_idx`);
    await db.query(`ALTER TABLE face_enrolments DROP COLUMN rejection`);
    await db.query(`ALTER TABLE face_enrolments DROP COLUMN source`);
    await db.query(`ALTER TABLE face_enrolments DROP COLUMN id`);
    await db.query(`ALTER TABLE face_enrolments ADD PRIMARY KEY (user_id)`);
  }
}
