import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pending webhook delivery whose job is gone (Redis emptied, the job removed, or failed by
 * BullMQ without the delivery hearing of it) is failed by identity's recovery sweep, so it can
 * be replayed. The sweep looks only at deliveries whose round (their first sending, or their
 * last replay) started longer ago than the longest retry schedule: `round_started_at`, set on
 * insert and by a replay. Not the creation or the last attempt: a replay of an old delivery has
 * both long past while its new job is still being queued.
 *
 * The pending ones by that time, partial: the index holds the deliveries in flight only, and
 * the sweep reads the few past the schedule without reading the table. Its predicate names
 * `status`, so the update that finishes a delivery (pending to succeeded or failed, once in its
 * life) is no HOT update; an attempt that leaves it pending still may be.
 *
 * Expand only: a column with a constant default (no rewrite: the rows already there read the
 * migration's time, so a delivery already pending is looked at a retry schedule from now) and
 * an index built in the migration's transaction, as the other indexes are.
 */
export class WebhookDeliveryRounds1768000013000 implements MigrationInterface {
  name = 'WebhookDeliveryRounds1768000013000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE webhook_deliveries
         ADD COLUMN IF NOT EXISTS round_started_at timestamptz NOT NULL DEFAULT now()`,
    );
    await db.query(
      `CREATE INDEX IF NOT EXISTS webhook_deliveries_pending_idx
         ON webhook_deliveries (round_started_at) WHERE status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS webhook_deliveries_pending_idx`);
    await db.query(`ALTER TABLE webhook_deliveries DROP COLUMN IF EXISTS round_started_at`);
  }
}
