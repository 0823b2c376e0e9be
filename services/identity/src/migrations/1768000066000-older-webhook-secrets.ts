import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The secrets an endpoint replaced before its last rotation, each still signing for a day after
 * it was replaced: until now a second rotation within the day overwrote `previous_secret`, and a
 * receiver still on the first secret failed at once. `previous_secret` keeps the last one
 * replaced as before (an older release reading it still signs with it); this column holds the
 * older ones, up to four, sealed together (a JSON list of `{ secret, validUntil }`) with the
 * webhook secret key as the others are.
 *
 * Expand only: a nullable column, empty for every endpoint (none had more than one).
 */
export class OlderWebhookSecrets1768000066000 implements MigrationInterface {
  name = 'OlderWebhookSecrets1768000066000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS older_secrets text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhook_endpoints DROP COLUMN IF EXISTS older_secrets`);
  }
}
