import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The floor figures read who was seen where in the last minutes: with the person and area in
 * the index, PostgreSQL answers from the index alone (bench/floor-stats.mjs).
 */
export class PresenceCoveringIndex1765200002000 implements MigrationInterface {
  name = 'PresenceCoveringIndex1765200002000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX presence_recent`);
    await db.query(
      `CREATE INDEX presence_recent ON presence_events (organization_id, seen_at) INCLUDE (person_id, area_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX presence_recent`);
    await db.query(`CREATE INDEX presence_recent ON presence_events (organization_id, seen_at)`);
  }
}
