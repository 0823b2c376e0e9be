import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An owed course certificate that keeps failing was tried on every retry pass (30 s), identity or
 * the certification's write failing the same way each time. A failure now sets when it is tried
 * again (a minute after the first, doubling, an hour at most) and the pass takes only those due.
 * Rows from before are due at once.
 */
export class OwedCertificateBackoff1768000010000 implements MigrationInterface {
  name = 'OwedCertificateBackoff1768000010000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE course_certificates_owed
         ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE course_certificates_owed DROP COLUMN next_attempt_at`);
  }
}
