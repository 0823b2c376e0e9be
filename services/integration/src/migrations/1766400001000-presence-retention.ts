import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each organization may keep presence events for its own number of days (none: the default). */
export class PresenceRetention1766400001000 implements MigrationInterface {
  name = 'PresenceRetention1766400001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE floor_privacy ADD COLUMN presence_retention_days integer
         CHECK (presence_retention_days BETWEEN 1 AND 365)`,
    );
    await db.query(`CREATE INDEX snapshot_runs_taken_at ON snapshot_runs (taken_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX snapshot_runs_taken_at`);
    await db.query(`ALTER TABLE floor_privacy DROP COLUMN presence_retention_days`);
  }
}
