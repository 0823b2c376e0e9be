import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityFoundation1763800000000 implements MigrationInterface {
  name = 'IdentityFoundation1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE organizations (
        id serial PRIMARY KEY,
        name text NOT NULL,
        display_name text NOT NULL,
        domain text NOT NULL UNIQUE,
        auth0_org_id text,
        saml_enabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email text NOT NULL UNIQUE,
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('super_admin','admin','training_supervisor','manager','operator')),
        organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        password_hash text,
        profile_picture text,
        auth0_user_id text,
        is_active boolean NOT NULL DEFAULT false,
        last_login timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX users_organization_idx ON users (organization_id)`);
    await db.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        persistent boolean NOT NULL,
        ip text NOT NULL DEFAULT '',
        user_agent text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await db.query(`CREATE INDEX sessions_user_idx ON sessions (user_id)`);
    await db.query(`
      CREATE TABLE sign_in_events (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        method text NOT NULL,
        ip text NOT NULL DEFAULT '',
        occurred_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX sign_in_events_org_time_idx ON sign_in_events (organization_id, occurred_at DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sign_in_events`);
    await db.query(`DROP TABLE sessions`);
    await db.query(`DROP TABLE users`);
    await db.query(`DROP TABLE organizations`);
  }
}
