import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Camera Privacy: whether a face a supervisor confirmed in a video may become a reference. */
export class LearnFromConfirmed1767000001000 implements MigrationInterface {
  name = 'LearnFromConfirmed1767000001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE floor_privacy ADD COLUMN learn_from_confirmed boolean NOT NULL DEFAULT false`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE floor_privacy DROP COLUMN learn_from_confirmed`);
  }
}
