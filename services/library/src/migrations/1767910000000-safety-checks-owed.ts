import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a processed version's safety check (and the re-observation it may ask for) is still
 * owed: set with the version's processing results, cleared once the check ran through, so one
 * the observation service could not take is asked again by the sweeper rather than lost.
 */
export class SafetyChecksOwed1767910000000 implements MigrationInterface {
  name = 'SafetyChecksOwed1767910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE document_versions ADD COLUMN safety_check_owed boolean NOT NULL DEFAULT false`,
    );
    await db.query(
      `CREATE INDEX document_versions_safety_check_owed ON document_versions (document_id, version)
        WHERE safety_check_owed`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE document_versions DROP COLUMN safety_check_owed`);
  }
}
