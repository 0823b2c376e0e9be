import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An endpoint's delivery log pages newest first by creation time, the id breaking ties
 * (`deliveryPage`): an endpoint whose receiver was down for a day has thousands of deliveries,
 * and each page reads its own rows from this index rather than sorting the endpoint's whole log.
 *
 * Expand only: an index, built in the migration's transaction as the other indexes are.
 */
export class WebhookDeliveryLog1768000072000 implements MigrationInterface {
  name = 'WebhookDeliveryLog1768000072000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX IF NOT EXISTS webhook_deliveries_log_idx
         ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS webhook_deliveries_log_idx`);
  }
}
