import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COMPLETE_ENROLMENTS_SQL } from '../training/course-completion.repository.js';

/** Enrolments completed before completed_at was kept up to date (issue 16) get it now. */
export class CompleteEnrolments1765300000000 implements MigrationInterface {
  name = 'CompleteEnrolments1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(COMPLETE_ENROLMENTS_SQL, [null, null]);
  }

  async down(): Promise<void> {
    // Nothing to undo: the completions follow from the observations.
  }
}
