import type { DataSource, MigrationInterface } from 'typeorm';

/**
 * A counting migration (or several, in the order they ran) undone and run again on the data
 * already there: their up() then counts by the backfill what the triggers counted row by row (the
 * counters' tests compare the two).
 */
export async function rerunBackfill(
  db: DataSource,
  migrations: MigrationInterface | MigrationInterface[],
) {
  const inOrder = Array.isArray(migrations) ? migrations : [migrations];
  const runner = db.createQueryRunner();
  try {
    for (const migration of [...inOrder].reverse()) await migration.down!(runner);
    for (const migration of inOrder) await migration.up(runner);
  } finally {
    await runner.release();
  }
}
