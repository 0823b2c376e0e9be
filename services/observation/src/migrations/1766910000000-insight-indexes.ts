import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the Insights and Team Overview figures at scale (bench/skills-matrix.mjs):
 * - completed observations by time, covering what the windowed figures read (score, pass,
 *   person, SOP, observer): team performance, pass rates, the trend; replaces the plain one;
 * - each person's observations of an SOP in time order: the skills matrix's latest cell and
 *   the first attempts of Team Overview read them in index order instead of sorting;
 * - the answers of an observation with their question and correctness (most-missed questions);
 * - who passed which SOP (course progress of every enrolment at once).
 */
export class InsightIndexes1766910000000 implements MigrationInterface {
  name = 'InsightIndexes1766910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX observations_window_idx ON observations (organization_id, completed_at)
         INCLUDE (operator_id, document_id, observer_id, score, passed) WHERE status = 'completed'`,
    );
    await db.query(`DROP INDEX observations_completed_idx`);
    await db.query(
      `CREATE INDEX observations_latest_idx
         ON observations (organization_id, operator_id, document_id, started_at DESC, id DESC)`,
    );
    await db.query(
      `CREATE INDEX observations_first_idx
         ON observations (organization_id, operator_id, document_id, completed_at, id)
         INCLUDE (passed) WHERE status = 'completed'`,
    );
    await db.query(
      `CREATE INDEX observation_responses_missed_idx ON observation_responses (observation_id)
         INCLUDE (question_id, correct)`,
    );
    await db.query(
      `CREATE INDEX observations_passes_idx ON observations (organization_id, document_id, operator_id)
         WHERE status = 'completed' AND passed`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX observations_passes_idx`);
    await db.query(`DROP INDEX observation_responses_missed_idx`);
    await db.query(`DROP INDEX observations_first_idx`);
    await db.query(`DROP INDEX observations_latest_idx`);
    await db.query(
      `CREATE INDEX observations_completed_idx ON observations (organization_id, completed_at) WHERE status = 'completed'`,
    );
    await db.query(`DROP INDEX observations_window_idx`);
  }
}
