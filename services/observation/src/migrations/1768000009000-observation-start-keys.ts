import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Starting an observation takes the client's idempotency key, as answers and findings do: a
 * double submit, a retry after a timeout or a replay started two observations, both counted In
 * Progress. The key is unique per organization and person who starts (one person's keys never
 * meet another's), so two requests with one key at once start one observation; rows without a
 * key (NULL) never conflict. Findings of an observation are counted under its row lock, using
 * findings_observation_idx: no index is needed for the cap.
 */
export class ObservationStartKeys1768000009000 implements MigrationInterface {
  name = 'ObservationStartKeys1768000009000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE observations ADD COLUMN idempotency_key uuid`);
    await db.query(
      `CREATE UNIQUE INDEX observations_idempotency_idx
         ON observations (organization_id, observer_id, idempotency_key)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX observations_idempotency_idx`);
    await db.query(`ALTER TABLE observations DROP COLUMN idempotency_key`);
  }
}
