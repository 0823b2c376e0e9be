import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API tokens (issue #48): an organization's bearer tokens for other systems, each with a role
 * ceiling and an expiry. Only the SHA-256 digest of each secret is kept; a revoked token stays
 * (the audit log names it).
 */
export class ApiTokens1766400000000 implements MigrationInterface {
  name = 'ApiTokens1766400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE api_tokens (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        name text NOT NULL,
        hint text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        role text NOT NULL CHECK (role IN ('admin', 'training_supervisor', 'manager', 'operator')),
        read_only boolean NOT NULL,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await db.query(`CREATE INDEX api_tokens_organization_idx ON api_tokens (organization_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE api_tokens`);
  }
}
