import type { DataSource, MigrationInterface } from 'typeorm';

/**
 * A counting migration undone and run again on the data already there: its up() then counts by
 * the backfill what the triggers counted row by row (the counters' tests compare the two).
 */
export async function rerunBackfill(db: DataSource, migration: MigrationInterface) {
  const runner = db.createQueryRunner();
  try {
    await migration.down!(runner);
    await migration.up(runner);
  } finally {
    await runner.release();
  }
}
