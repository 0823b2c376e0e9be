import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * course_completion_checks: a course edit checked the enrolments it completes after its commit,
 * and a failure then (identity away) left them open until each learner's next pass. The edit now
 * writes the check it owes in its own transaction; the completion effects' retry pass performs
 * it, a failure waiting as an owed certificate's does. `request` names the edit that asked last:
 * a check begun before a later edit does not clear that edit's.
 */
export class CourseCompletionChecks1768000011000 implements MigrationInterface {
  name = 'CourseCompletionChecks1768000011000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE course_completion_checks (
        course_id integer PRIMARY KEY REFERENCES courses(id) ON DELETE CASCADE,
        request uuid NOT NULL DEFAULT gen_random_uuid(),
        requested_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE course_completion_checks`);
  }
}
