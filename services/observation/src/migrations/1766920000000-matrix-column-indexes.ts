import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the skills matrix's columns without a job function (bench/skills-matrix.mjs):
 * the SOPs the organization observed, each with the title of its latest observation, and the
 * SOPs it certified, each with its least title, are read one index entry per SOP (a skip scan)
 * instead of grouping every observation and certification of the organization.
 */
export class MatrixColumnIndexes1766920000000 implements MigrationInterface {
  name = 'MatrixColumnIndexes1766920000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX observations_documents_idx
         ON observations (organization_id, document_id, started_at DESC, id DESC)
         INCLUDE (evaluation_title)`,
    );
    await db.query(
      `CREATE INDEX certifications_subjects_idx
         ON certifications (organization_id, kind, subject_id, title)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX certifications_subjects_idx`);
    await db.query(`DROP INDEX observations_documents_idx`);
  }
}
