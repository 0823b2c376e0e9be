import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An analysis waits for the organization's pending face enrolments before its job is queued:
 * the job (without enrolments) is kept with the video until then.
 */
export class AnalysisDispatch1766100000000 implements MigrationInterface {
  name = 'AnalysisDispatch1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE videos ADD COLUMN analysis_job jsonb`);
    await db.query(`ALTER TABLE videos ADD COLUMN analysis_queued_at timestamptz`);
    // Analyses running before this change were queued at once.
    await db.query(
      `UPDATE videos SET analysis_queued_at = progress_updated_at WHERE analysis_status = 'processing'`,
    );
    await db.query(
      `CREATE INDEX videos_awaiting_dispatch_idx ON videos (organization_id)
        WHERE analysis_status = 'processing' AND analysis_queued_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX videos_awaiting_dispatch_idx`);
    await db.query(`ALTER TABLE videos DROP COLUMN analysis_queued_at`);
    await db.query(`ALTER TABLE videos DROP COLUMN analysis_job`);
  }
}
