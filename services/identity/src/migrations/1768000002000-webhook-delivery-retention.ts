import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finished webhook deliveries are deleted after `WEBHOOK_DELIVERY_RETENTION_DAYS`: the hourly
 * sweep finds them by their creation time (a row's last attempt is never before it), oldest
 * first, a batch at a time, without reading the deliveries still within retention. On
 * `created_at` rather than the last attempt: it never changes, so an attempt's update of its
 * row stays as cheap as before (no index of a column it writes).
 *
 * Expand only: an index. Built in the migration's transaction, as the other indexes are: it
 * holds the deliveries' writes for as long as it takes to read the table once.
 */
export class WebhookDeliveryRetention1768000002000 implements MigrationInterface {
  name = 'WebhookDeliveryRetention1768000002000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX IF NOT EXISTS webhook_deliveries_created_idx
         ON webhook_deliveries (created_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS webhook_deliveries_created_idx`);
  }
}
