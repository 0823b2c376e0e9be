import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * course_certificates_owed: a completed enrolment's course certificate was issued after the
 * completion committed, unrecorded, so a failure in between (identity, the certification's own
 * write) lost it for good: the enrolment, completed, was never completed again. The statement
 * that completes an enrolment now writes the certificate it owes; the row goes once issued, and
 * a failed attempt is tried again. Completions from before are not guessed at.
 */
export class CourseCertificatesOwed1767910000000 implements MigrationInterface {
  name = 'CourseCertificatesOwed1767910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE course_certificates_owed (
        course_id integer NOT NULL,
        user_id integer NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (course_id, user_id),
        FOREIGN KEY (course_id, user_id) REFERENCES enrollments (course_id, user_id)
          ON DELETE CASCADE
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE course_certificates_owed`);
  }
}
