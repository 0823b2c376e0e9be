import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The runs still pending, by when their picture was taken: the hourly sweep that fails those
 * pending too long reads this small index, not a month of finished runs.
 */
export class PendingSnapshotRuns1767893000000 implements MigrationInterface {
  name = 'PendingSnapshotRuns1767893000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX snapshot_runs_pending ON snapshot_runs (taken_at) WHERE status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX snapshot_runs_pending`);
  }
}
