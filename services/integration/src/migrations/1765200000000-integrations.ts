import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Integrations1765200000000 implements MigrationInterface {
  name = 'Integrations1765200000000';

  async up(db: QueryRunner): Promise<void> {
    // Credentials are one AES-256-GCM sealed JSON value; the key id says which key sealed it.
    await db.query(`
      CREATE TABLE integrations (
        id serial PRIMARY KEY,
        integration_type text NOT NULL UNIQUE,
        base_url text NOT NULL,
        credentials text NOT NULL,
        credentials_key_id text NOT NULL,
        last_test_status text NOT NULL DEFAULT 'untested'
          CHECK (last_test_status IN ('untested','success','failed')),
        last_test_message text,
        last_tested_at timestamptz,
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE camera_assignments (
        id serial PRIMARY KEY,
        integration_id integer NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
        camera_id text NOT NULL,
        camera_name text NOT NULL,
        camera_model text NOT NULL DEFAULT '',
        camera_notes text NOT NULL DEFAULT '',
        organization_id integer NOT NULL,
        sop_ids integer[] NOT NULL DEFAULT '{}',
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT camera_assigned_once UNIQUE (integration_id, camera_id)
      )`);
    await db.query(
      `CREATE INDEX camera_assignments_organization ON camera_assignments (organization_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE camera_assignments`);
    await db.query(`DROP TABLE integrations`);
  }
}
