import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The floor's certification alerts read which camera saw whom in the presence window: with the
 * camera in the covering index too, that query is answered from the index alone like the others.
 */
export class PresenceCameraInIndex1766400000000 implements MigrationInterface {
  name = 'PresenceCameraInIndex1766400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX presence_recent`);
    await db.query(
      `CREATE INDEX presence_recent ON presence_events (organization_id, seen_at)
         INCLUDE (person_id, area_id, camera_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX presence_recent`);
    await db.query(
      `CREATE INDEX presence_recent ON presence_events (organization_id, seen_at) INCLUDE (person_id, area_id)`,
    );
  }
}
