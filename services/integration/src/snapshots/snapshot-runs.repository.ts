import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SeenPerson } from '@hub/proto';

/** An assignment whose snapshot schedule is on, with what a run needs to know of it. */
export interface ScheduledCamera {
  assignment_id: number;
  integration_id: number;
  organization_id: number;
  camera_id: string;
  camera_name: string;
  area_id: number | null;
  keep_snapshots: boolean;
}

export interface SnapshotRun {
  id: number;
  organization_id: number;
  status: 'pending' | 'identified' | 'failed';
}

export type FailureStage = 'camera' | 'identification';

/** Snapshot runs and the presence they record; every write is safe to repeat. */
@Injectable()
export class SnapshotRunsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async scheduledCamera(assignmentId: number): Promise<ScheduledCamera | undefined> {
    const rows = (await this.db.query(
      `SELECT a.id AS assignment_id, a.integration_id, a.organization_id, a.camera_id, a.camera_name,
              a.area_id, coalesce(p.keep_snapshots, false) AS keep_snapshots
         FROM camera_assignments a LEFT JOIN floor_privacy p ON p.organization_id = a.organization_id
        WHERE a.id = $1 AND a.snapshot_enabled`,
      [assignmentId],
    )) as ScheduledCamera[];
    return rows[0];
  }

  /** Every schedule that should exist: assignment id and interval. */
  enabledSchedules(): Promise<{ id: number; snapshot_interval_seconds: number }[]> {
    return this.db.query(
      `SELECT id, snapshot_interval_seconds FROM camera_assignments WHERE snapshot_enabled`,
    );
  }

  /** The run of one scheduled job: a retry or a replay of the job finds the same run. */
  async open(jobKey: string, camera: ScheduledCamera): Promise<SnapshotRun> {
    const rows = (await this.db.query(
      `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, area_id)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (job_key) DO UPDATE SET job_key = EXCLUDED.job_key
       RETURNING id::int, organization_id, status`,
      [jobKey, camera.organization_id, camera.assignment_id, camera.camera_id, camera.area_id],
    )) as SnapshotRun[];
    return rows[0]!;
  }

  async setSnapshotKey(runId: number, key: string): Promise<void> {
    await this.db.query(`UPDATE snapshot_runs SET snapshot_key = $2 WHERE id = $1`, [runId, key]);
  }

  /** A failure never overwrites an identification already recorded. */
  async fail(runId: number, stage: FailureStage, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE snapshot_runs SET status = 'failed', failure_stage = $2, reason = $3, finished_at = now(),
              snapshot_key = CASE WHEN EXISTS (SELECT 1 FROM floor_privacy p
                WHERE p.organization_id = snapshot_runs.organization_id AND p.keep_snapshots)
                THEN snapshot_key END
        WHERE id = $1 AND status = 'pending'`,
      [runId, stage, reason],
    );
  }

  /**
   * Who the snapshot showed becomes presence events (at the time it was taken, in the area its
   * camera covered then), once: a run already finished, or a person already recorded, is skipped.
   */
  async recordIdentified(runId: number, facesDetected: number, people: SeenPerson[]) {
    return this.db.transaction(async (tx) => {
      const [rows] = (await tx.query(
        `UPDATE snapshot_runs SET status = 'identified', faces_detected = $2, people_seen = $3,
                finished_at = now(),
                snapshot_key = CASE WHEN EXISTS (SELECT 1 FROM floor_privacy p
                  WHERE p.organization_id = snapshot_runs.organization_id AND p.keep_snapshots)
                  THEN snapshot_key END
          WHERE id = $1 AND status = 'pending'
          RETURNING id`,
        [runId, facesDetected, people.length],
      )) as [{ id: string }[], number];
      if (rows.length === 0) return 0;
      const [, inserted] = (await tx.query(
        `INSERT INTO presence_events
           (organization_id, person_id, camera_id, area_id, seen_at, confidence, snapshot_run_id)
         SELECT r.organization_id, seen.person_id, r.camera_id, r.area_id, r.taken_at, seen.confidence, r.id
           FROM snapshot_runs r,
                unnest($2::int[], $3::real[]) AS seen(person_id, confidence)
          WHERE r.id = $1
         ON CONFLICT (snapshot_run_id, person_id) WHERE snapshot_run_id IS NOT NULL DO NOTHING`,
        [runId, people.map((person) => person.userId), people.map((person) => person.confidence)],
      )) as [unknown, number];
      return inserted;
    });
  }
}
