import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the Insights observations page at scale (bench/skills-matrix.mjs, 100,000
 * observations in the 12-week window):
 * - the window's completed observations, now also covering their id, SOP title and observer
 *   name: the pass rates by SOP and by observer (the greatest title and name of each) and the
 *   most-missed questions' window read the index alone, not 100,000 rows of the table (2-3 s
 *   each under load, 0.2 s now); replaces observations_window_idx, of which it is a superset;
 * - the wrong answers of an observation alone (a partial index): the most-missed questions
 *   probe each window observation for its wrong answers without stepping over the right ones.
 */
export class ObservationInsightIndexes1767320000000 implements MigrationInterface {
  name = 'ObservationInsightIndexes1767320000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX observations_insights_window_idx ON observations (organization_id, completed_at)
         INCLUDE (id, operator_id, document_id, observer_id, score, passed, evaluation_title,
                  observer_name)
         WHERE status = 'completed'`,
    );
    await db.query(`DROP INDEX observations_window_idx`);
    await db.query(
      `CREATE INDEX observation_responses_wrong_idx ON observation_responses (observation_id)
         INCLUDE (question_id) WHERE NOT correct`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX observation_responses_wrong_idx`);
    await db.query(
      `CREATE INDEX observations_window_idx ON observations (organization_id, completed_at)
         INCLUDE (operator_id, document_id, observer_id, score, passed) WHERE status = 'completed'`,
    );
    await db.query(`DROP INDEX observations_insights_window_idx`);
  }
}
