import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SCIM provisioning (issue #45): an organization's bearer tokens (only the SHA-256 digest of
 * each secret is kept), and on users a suspension (SCIM `active: false`: records kept, every
 * sign-in refused) and the identity provider's own id and name parts.
 */
export class Scim1766100000000 implements MigrationInterface {
  name = 'Scim1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE scim_tokens (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await db.query(`CREATE INDEX scim_tokens_organization_idx ON scim_tokens (organization_id)`);
    await db.query(`
      ALTER TABLE users
        ADD COLUMN suspended_at timestamptz,
        ADD COLUMN scim_external_id text,
        ADD COLUMN given_name text,
        ADD COLUMN family_name text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        DROP COLUMN suspended_at,
        DROP COLUMN scim_external_id,
        DROP COLUMN given_name,
        DROP COLUMN family_name`);
    await db.query(`DROP TABLE scim_tokens`);
  }
}
