import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Faces learned from confirmed identifications (when the organization allows it): an enrolment
 * of source 'learned', made from a frame of the video, that goes with the video.
 */
export class LearnedFaces1767000002000 implements MigrationInterface {
  name = 'LearnedFaces1767000002000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE face_enrolments ADD COLUMN video_id integer REFERENCES videos (id) ON DELETE CASCADE`,
    );
    await db.query(`ALTER TABLE face_enrolments DROP CONSTRAINT face_enrolments_source_check`);
    await db.query(
      `ALTER TABLE face_enrolments ADD CONSTRAINT face_enrolments_source_check
         CHECK (source IN ('profile', 'reference', 'learned'))`,
    );
    await db.query(
      `CREATE UNIQUE INDEX face_enrolments_learned_idx ON face_enrolments (user_id, video_id)
        WHERE source = 'learned'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM face_enrolments WHERE source = 'learned'`);
    await db.query(`DROP INDEX face_enrolments_learned_idx`);
    await db.query(`ALTER TABLE face_enrolments DROP CONSTRAINT face_enrolments_source_check`);
    await db.query(
      `ALTER TABLE face_enrolments ADD CONSTRAINT face_enrolments_source_check
         CHECK (source IN ('profile', 'reference'))`,
    );
    await db.query(`ALTER TABLE face_enrolments DROP COLUMN video_id`);
  }
}
