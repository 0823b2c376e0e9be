import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue #48): an organization's endpoints with the events each receives and its
 * signing secret (kept, as every delivery is signed with it; the previous one for a while
 * after a rotation), and the log of deliveries, one row a (endpoint, event), with the last
 * attempt's outcome.
 */
export class Webhooks1766500000000 implements MigrationInterface {
  name = 'Webhooks1766500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_endpoints (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        url text NOT NULL,
        description text NOT NULL DEFAULT '',
        events text[] NOT NULL,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text,
        failing_since timestamptz,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX webhook_endpoints_organization_idx ON webhook_endpoints (organization_id)`,
    );
    await db.query(`
      CREATE TABLE webhook_deliveries (
        id serial PRIMARY KEY,
        endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        organization_id integer NOT NULL,
        event_id text NOT NULL,
        message_id text NOT NULL UNIQUE,
        event_type text NOT NULL,
        payload text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        round integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        response_status integer,
        response_ms integer,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_attempt_at timestamptz,
        UNIQUE (endpoint_id, event_id)
      )`);
    await db.query(
      `CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE webhook_deliveries`);
    await db.query(`DROP TABLE webhook_endpoints`);
  }
}
