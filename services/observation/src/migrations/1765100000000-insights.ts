import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Course due dates (Upcoming Goals) and the record of generated report exports. */
export class Insights1765100000000 implements MigrationInterface {
  name = 'Insights1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE courses ADD COLUMN due_date date`);
    await db.query(
      `CREATE INDEX courses_due_idx ON courses (organization_id, due_date) WHERE due_date IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE report_exports (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        kind text NOT NULL,
        rows integer NOT NULL,
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX report_exports_org_idx ON report_exports (organization_id, created_at DESC)`,
    );
    // Trend and 'completed today' read completed observations by completion time.
    await db.query(
      `CREATE INDEX observations_completed_idx ON observations (organization_id, completed_at) WHERE status = 'completed'`,
    );
    await db.query(
      `CREATE INDEX findings_open_idx ON findings (organization_id) WHERE status = 'open'`,
    );
    // Exports and reports count findings per observation.
    await db.query(`CREATE INDEX findings_observation_idx ON findings (observation_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX findings_observation_idx`);
    await db.query(`DROP INDEX findings_open_idx`);
    await db.query(`DROP INDEX observations_completed_idx`);
    await db.query(`DROP TABLE report_exports`);
    await db.query(`DROP INDEX courses_due_idx`);
    await db.query(`ALTER TABLE courses DROP COLUMN due_date`);
  }
}
