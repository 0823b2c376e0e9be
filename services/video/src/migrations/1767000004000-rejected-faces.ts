import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A face an analysis identified is kept too (its embedding and crop, with the member it was
 * identified as, in no unknown person), so that a supervisor's "not this person" can group it
 * with the organization's unknown people at once. It goes with its video, with the member, and
 * after the same retention as the faces nobody named.
 */
export class RejectedFaces1767000004000 implements MigrationInterface {
  name = 'RejectedFaces1767000004000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE unknown_faces ALTER COLUMN person_id DROP NOT NULL`);
    await db.query(`ALTER TABLE unknown_faces ADD COLUMN identified_user_id integer`);
    await db.query(
      `ALTER TABLE unknown_faces ADD CONSTRAINT unknown_faces_kept_check
         CHECK (person_id IS NOT NULL OR identified_user_id IS NOT NULL)`,
    );
    await db.query(
      `CREATE INDEX unknown_faces_identified_idx ON unknown_faces (identified_user_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM unknown_faces WHERE person_id IS NULL`);
    await db.query(`DROP INDEX unknown_faces_identified_idx`);
    await db.query(`ALTER TABLE unknown_faces DROP CONSTRAINT unknown_faces_kept_check`);
    await db.query(`ALTER TABLE unknown_faces DROP COLUMN identified_user_id`);
    await db.query(`ALTER TABLE unknown_faces ALTER COLUMN person_id SET NOT NULL`);
  }
}
