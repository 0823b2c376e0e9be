import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An endpoint's last failed attempt, so a failure after a quiet period (no attempt for longer
 * than the disabling window) starts a new failing episode instead of continuing one that began
 * before the quiet period: `failing_since` alone is cleared only by a success, so an endpoint
 * that failed once weeks ago and then had nothing to send was disabled by its next failure.
 *
 * Expand only: a nullable column. An endpoint failing now gets its latest delivery attempt
 * (while it is failing, its last attempt failed: a success clears `failing_since`), or, its
 * deliveries deleted past retention, the start of its episode.
 */
export class WebhookLastFailures1768000024000 implements MigrationInterface {
  name = 'WebhookLastFailures1768000024000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS last_failure_at timestamptz`,
    );
    await db.query(`UPDATE webhook_endpoints e
        SET last_failure_at = COALESCE(
              (SELECT max(d.last_attempt_at) FROM webhook_deliveries d WHERE d.endpoint_id = e.id),
              e.failing_since)
      WHERE e.failing_since IS NOT NULL AND e.last_failure_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhook_endpoints DROP COLUMN IF EXISTS last_failure_at`);
  }
}
