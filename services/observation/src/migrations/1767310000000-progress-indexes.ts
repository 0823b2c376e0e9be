import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the Insights progress page at scale (bench/skills-matrix.mjs, 200,000
 * enrolments): a person's enrolments by person (the people with a pass or a completion, and the
 * listed people), and the completed enrolments alone (a partial index: few of them), so the
 * page reads every enrolment only to count them.
 */
export class ProgressIndexes1767310000000 implements MigrationInterface {
  name = 'ProgressIndexes1767310000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX enrollments_user_idx ON enrollments (user_id, course_id) INCLUDE (completed_at)`,
    );
    await db.query(
      `CREATE INDEX enrollments_completed_idx ON enrollments (course_id, user_id)
         WHERE completed_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX enrollments_completed_idx`);
    await db.query(`DROP INDEX enrollments_user_idx`);
  }
}
