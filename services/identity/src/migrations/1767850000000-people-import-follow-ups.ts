import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A people import's follow-ups that outlive a failure: each line keeps the job functions it
 * still has to assign (cleared once the skills service has them), so a run stopped between a
 * batch's commit and that call assigns them when taken again; and an import counts its rounds,
 * so a failed one can be resumed by a job of its own; and it keeps who applied it (the one whose
 * own role its lines may not change, and who invites), who may not be who previewed it.
 */
export class PeopleImportFollowUps1767850000000 implements MigrationInterface {
  name = 'PeopleImportFollowUps1767850000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE people_import_rows ADD COLUMN IF NOT EXISTS unassigned_job_function_ids integer[]`,
    );
    await db.query(
      `CREATE INDEX IF NOT EXISTS people_import_rows_unassigned_idx
         ON people_import_rows (import_id, row_number) WHERE unassigned_job_function_ids IS NOT NULL`,
    );
    await db.query(
      `ALTER TABLE people_imports ADD COLUMN IF NOT EXISTS round integer NOT NULL DEFAULT 1`,
    );
    await db.query(`ALTER TABLE people_imports ADD COLUMN IF NOT EXISTS applied_by integer`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE people_imports DROP COLUMN IF EXISTS applied_by`);
    await db.query(`ALTER TABLE people_imports DROP COLUMN IF EXISTS round`);
    await db.query(`DROP INDEX IF EXISTS people_import_rows_unassigned_idx`);
    await db.query(
      `ALTER TABLE people_import_rows DROP COLUMN IF EXISTS unassigned_job_function_ids`,
    );
  }
}
