import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Security-relevant actions (issue #16): who, what, when, from where. Append-only: a trigger
 * refuses every UPDATE, DELETE and TRUNCATE, so no code path (nor a mistaken query) rewrites
 * history. No foreign keys: an entry outlives the user and organization it names.
 */
export class AuditLog1766000000000 implements MigrationInterface {
  name = 'AuditLog1766000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        action text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
        actor_id integer,
        actor_email text,
        actor_role text,
        organization_id integer,
        target text,
        detail text,
        ip text NOT NULL,
        user_agent text NOT NULL
      )`);
    await db.query(`CREATE INDEX audit_log_time_idx ON audit_log (at DESC, id DESC)`);
    await db.query(
      `CREATE INDEX audit_log_organization_time_idx ON audit_log (organization_id, at DESC, id DESC)`,
    );
    await db.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only';
      END $$`);
    await db.query(`
      CREATE TRIGGER audit_log_no_rewrite BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await db.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE audit_log`);
    await db.query(`DROP FUNCTION audit_log_append_only()`);
  }
}
