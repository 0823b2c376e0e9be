import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hourly retention sweep deletes sensor readings past their organization's retention by
 * their date alone, across organizations: without this index it read the whole table each hour.
 */
export class SensorReadingsRecordedAt1768000045000 implements MigrationInterface {
  name = 'SensorReadingsRecordedAt1768000045000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX sensor_readings_recorded_at ON sensor_readings (recorded_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX sensor_readings_recorded_at`);
  }
}
