import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Certifications that must be observed again after a safety-relevant SOP change (issue #19), and
 * the (SOP, version) changes already applied, so a change reported twice marks nobody twice
 * (nor marks again someone a pass cleared meanwhile).
 */
export class Reobservation1766900000000 implements MigrationInterface {
  name = 'Reobservation1766900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE certifications
        ADD COLUMN reobservation_version integer,
        ADD COLUMN reobservation_since timestamptz`);
    await db.query(`
      CREATE TABLE reobservation_changes (
        organization_id integer NOT NULL,
        document_id integer NOT NULL,
        version integer NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (document_id, version)
      )`);
    await db.query(
      `CREATE INDEX certifications_reobservation_idx ON certifications (organization_id, subject_id)
        WHERE reobservation_version IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE reobservation_changes`);
    await db.query(`DROP INDEX certifications_reobservation_idx`);
    await db.query(`
      ALTER TABLE certifications DROP COLUMN reobservation_version, DROP COLUMN reobservation_since`);
  }
}
