import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Certifications: one row per person and SOP (or course), renewed in place by a new pass.
 * notified_state remembers the last state the holder was told about, so the expiry sweep
 * notifies once per state change however often it runs.
 */
export class Certifications1765000000000 implements MigrationInterface {
  name = 'Certifications1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE certification_settings (
        organization_id integer PRIMARY KEY,
        default_validity_months integer NOT NULL CHECK (default_validity_months BETWEEN 1 AND 120)
      )`);
    await db.query(`
      CREATE TABLE sop_certification_validity (
        organization_id integer NOT NULL,
        document_id integer NOT NULL,
        validity_months integer NOT NULL CHECK (validity_months BETWEEN 1 AND 120),
        PRIMARY KEY (organization_id, document_id)
      )`);
    await db.query(`
      CREATE TABLE certifications (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        user_id integer NOT NULL,
        holder_name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('sop', 'course')),
        subject_id integer NOT NULL,
        title text NOT NULL,
        course_category text,
        observation_id integer REFERENCES observations(id) ON DELETE SET NULL,
        observer_id integer,
        score numeric(5, 1),
        validity_months integer NOT NULL,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        first_issued_at timestamptz NOT NULL DEFAULT now(),
        verification_code text NOT NULL UNIQUE,
        revoked_at timestamptz,
        revoked_by integer,
        revoked_reason text,
        notified_state text CHECK (notified_state IN ('expiring_soon', 'expired')),
        UNIQUE (organization_id, user_id, kind, subject_id)
      )`);
    await db.query(
      `CREATE INDEX certifications_org_idx ON certifications (organization_id, issued_at DESC)`,
    );
    await db.query(
      `CREATE INDEX certifications_expiry_idx ON certifications (expires_at) WHERE revoked_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE certifications`);
    await db.query(`DROP TABLE sop_certification_validity`);
    await db.query(`DROP TABLE certification_settings`);
  }
}
