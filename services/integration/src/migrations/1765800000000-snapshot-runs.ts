import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Snapshot runs: one per scheduled job (its key makes a retried or replayed job the same run),
 * with what came of it. Presence events name their run, so an identification heard twice is
 * recorded once. Organizations say whether snapshots are kept after identification.
 */
export class SnapshotRuns1765800000000 implements MigrationInterface {
  name = 'SnapshotRuns1765800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE snapshot_runs (
        id bigserial PRIMARY KEY,
        job_key text NOT NULL UNIQUE,
        organization_id integer NOT NULL,
        assignment_id integer NOT NULL REFERENCES camera_assignments(id) ON DELETE CASCADE,
        camera_id text NOT NULL,
        area_id integer,
        taken_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending','identified','failed')),
        failure_stage text CHECK (failure_stage IN ('camera','identification')),
        reason text,
        faces_detected integer NOT NULL DEFAULT 0,
        people_seen integer NOT NULL DEFAULT 0,
        snapshot_key text,
        finished_at timestamptz
      )`);
    await db.query(`CREATE INDEX snapshot_runs_latest ON snapshot_runs (assignment_id, id DESC)`);
    await db.query(`CREATE INDEX snapshot_runs_organization ON snapshot_runs (organization_id)`);
    await db.query(`ALTER TABLE presence_events ADD COLUMN snapshot_run_id bigint`);
    await db.query(
      `CREATE UNIQUE INDEX presence_once_per_run ON presence_events (snapshot_run_id, person_id)
        WHERE snapshot_run_id IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE floor_privacy (
        organization_id integer PRIMARY KEY,
        keep_snapshots boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE floor_privacy`);
    await db.query(`DROP INDEX presence_once_per_run`);
    await db.query(`ALTER TABLE presence_events DROP COLUMN snapshot_run_id`);
    await db.query(`DROP TABLE snapshot_runs`);
  }
}
