import type { MigrationInterface, QueryRunner } from 'typeorm';

const INDEX = 'sensor_readings_recorded_at';

/**
 * The hourly retention sweep deletes sensor readings past their organization's retention by
 * their date alone, across organizations: without this index it read the whole table each hour.
 * Built concurrently, outside a transaction (the runner's mode is 'each'): readings were never
 * purged before, and a plain build would block every sensor's insert for as long as it reads them.
 */
export class SensorReadingsRecordedAt1768000045000 implements MigrationInterface {
  name = 'SensorReadingsRecordedAt1768000045000';
  transaction = false;

  async up(db: QueryRunner): Promise<void> {
    // A concurrent build that failed leaves an invalid index, which IF NOT EXISTS would keep.
    const [left] = (await db.query(
      `SELECT NOT indisvalid AS invalid FROM pg_index WHERE indexrelid = to_regclass($1)`,
      [INDEX],
    )) as { invalid: boolean }[];
    if (left?.invalid) await db.query(`DROP INDEX CONCURRENTLY ${INDEX}`);
    await db.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${INDEX} ON sensor_readings (recorded_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${INDEX}`);
  }
}
