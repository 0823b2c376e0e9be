import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SeenPerson } from '@hub/proto';
import { lockOrganization } from '../organizations/organizations.repository.js';
import type { OrganizationInterval } from './snapshot-schedules.js';

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
  /** Where the run's picture was stored (null: not yet, or no longer kept). */
  snapshot_key: string | null;
}

export type FailureStage = 'camera' | 'identification';

/** What the video worker found in one snapshot. */
export interface IdentifiedSnapshot {
  runId: number;
  facesDetected: number;
  people: SeenPerson[];
}

/** Snapshot runs and the presence they record; every write is safe to repeat. */
@Injectable()
export class SnapshotRunsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The organization's cameras whose snapshots are on at this interval, in assignment order. */
  scheduledCameras(organizationId: number, intervalSeconds: number): Promise<ScheduledCamera[]> {
    return this.db.query(
      `SELECT a.id AS assignment_id, a.integration_id, a.organization_id, a.camera_id, a.camera_name,
              a.area_id, coalesce(p.keep_snapshots, false) AS keep_snapshots
         FROM camera_assignments a LEFT JOIN floor_privacy p ON p.organization_id = a.organization_id
        WHERE a.organization_id = $1 AND a.snapshot_interval_seconds = $2 AND a.snapshot_enabled
        ORDER BY a.id`,
      [organizationId, intervalSeconds],
    );
  }

  /** Every schedule that should exist (of one organization, or of all): one an interval in use. */
  enabledSchedules(organizationId?: number): Promise<OrganizationInterval[]> {
    return this.db.query(
      `SELECT DISTINCT organization_id, snapshot_interval_seconds FROM camera_assignments
        WHERE snapshot_enabled AND ($1::int IS NULL OR organization_id = $1)
        ORDER BY 1, 2`,
      [organizationId ?? null],
    );
  }

  /**
   * The run of one scheduled job: a retry or a replay of the job finds the same run. None
   * (undefined) for a camera removed since the tick read it: its assignment is read and locked
   * (FOR KEY SHARE) by the insert itself, so one removed at the same moment either waits for the
   * run, then takes it with it, or is gone first, and no foreign key refuses the run. Nor for a
   * camera of another organization: a run's organization is always its camera's.
   */
  async open(jobKey: string, camera: ScheduledCamera): Promise<SnapshotRun | undefined> {
    const rows = (await this.db.query(
      `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, area_id)
       SELECT $1::text, a.organization_id, a.id, $4::text, $5::int FROM camera_assignments a
        WHERE a.id = $3 AND a.organization_id = $2 FOR KEY SHARE
       ON CONFLICT (job_key) DO UPDATE SET job_key = EXCLUDED.job_key
       RETURNING id::int, organization_id, status, snapshot_key`,
      [jobKey, camera.organization_id, camera.assignment_id, camera.camera_id, camera.area_id],
    )) as SnapshotRun[];
    return rows[0];
  }

  /** Whether the run took the key: false when it is gone (its camera removed meanwhile). */
  async setSnapshotKey(runId: number, key: string): Promise<boolean> {
    const [, count] = (await this.db.query(
      `UPDATE snapshot_runs SET snapshot_key = $2 WHERE id = $1`,
      [runId, key],
    )) as [unknown, number];
    return count > 0;
  }

  /**
   * Whether the run is still there. Its camera's removal under way is waited for (its rows are
   * locked until it commits): a removal that swept the camera's pictures first is seen.
   */
  async stillThere(runId: number): Promise<boolean> {
    const rows = (await this.db.query(`SELECT 1 FROM snapshot_runs WHERE id = $1 FOR KEY SHARE`, [
      runId,
    ])) as unknown[];
    return rows.length > 0;
  }

  /**
   * Of these runs, those of an organization other than `organizationId`, by the run or by its
   * camera: a run whose own organization and its camera's disagree is no one's to answer.
   */
  async runsOfOthers(organizationId: number, runIds: number[]): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT r.id::int FROM snapshot_runs r JOIN camera_assignments a ON a.id = r.assignment_id
        WHERE r.id = ANY($1::bigint[]) AND (r.organization_id <> $2 OR a.organization_id <> $2)`,
      [runIds, organizationId],
    )) as { id: number }[];
    return rows.map((row) => row.id);
  }

  /** The organization of the run's camera (its assignment), undefined once the run is gone. */
  async cameraOrganization(runId: number): Promise<number | undefined> {
    const rows = (await this.db.query(
      `SELECT a.organization_id FROM snapshot_runs r JOIN camera_assignments a ON a.id = r.assignment_id
        WHERE r.id = $1`,
      [runId],
    )) as { organization_id: number }[];
    return rows[0]?.organization_id;
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
   * The picture of a pending run whose organization does not keep snapshots: failing, the run's
   * picture must go at once (the video worker removes it once answered, but not when it is killed
   * first or gives up on the job), not at retention.
   */
  async pictureToForget(runId: number): Promise<string | undefined> {
    const rows = (await this.db.query(
      `SELECT snapshot_key FROM snapshot_runs r
        WHERE r.id = $1 AND r.status = 'pending' AND r.snapshot_key IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM floor_privacy p
                           WHERE p.organization_id = r.organization_id AND p.keep_snapshots)`,
      [runId],
    )) as { snapshot_key: string }[];
    return rows[0]?.snapshot_key;
  }

  /**
   * A failure the video worker answered. The run forgets only `removed`, a picture already gone:
   * any other it goes on naming, as a picture its run no longer named would stay for ever, and
   * named, retention removes it.
   */
  async failAnswered(runId: number, reason: string, removed?: string): Promise<void> {
    await this.db.query(
      `UPDATE snapshot_runs SET status = 'failed', failure_stage = 'identification', reason = $2,
              finished_at = now(),
              snapshot_key = CASE WHEN snapshot_key = $3 THEN NULL ELSE snapshot_key END
        WHERE id = $1 AND status = 'pending'`,
      [runId, reason, removed ?? null],
    );
  }

  /**
   * Deletion tombstones older than `hours`, the bound past which a snapshot's answer is given up:
   * every snapshot taken before the deletion has been answered or failed by then. One that a run
   * of its organization, taken before the deletion and still pending (a store that refused kept
   * it so), could still need stays for a later sweep. Answers how many were deleted.
   */
  async forgetDeletedMembers(hours: number): Promise<number> {
    const [, count] = (await this.db.query(
      `DELETE FROM deleted_members d
        WHERE d.deleted_at < now() - make_interval(hours => $1)
          AND NOT EXISTS (SELECT 1 FROM snapshot_runs r
                           WHERE r.organization_id = d.organization_id AND r.status = 'pending'
                             AND r.taken_at <= d.deleted_at)`,
      [hours],
    )) as [unknown, number];
    return count;
  }

  /**
   * Runs still pending `hours` after their picture was taken, failed with `reason`: their answer
   * is lost (a failure that could not be written, a job gone). Their pictures go as a failing
   * run's do, but those their organization keeps; each removed before the rows commit (the run is
   * the only record of its key), so a store that refuses leaves them pending for the next sweep.
   * Answers how many were failed.
   */
  failStale(
    hours: number,
    reason: string,
    removePicture: (key: string) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      // Locked and skipped if locked: a late answer being recorded now wins, and so does another
      // replica's sweep. The stage is identification's whatever the run lacks: 'camera' would
      // report a camera unreachable that no one knows was.
      // Wrapped in a SELECT so the driver answers the rows, not the UPDATE's [rows, count].
      const rows = (await tx.query(
        `WITH stale AS (
           SELECT id, snapshot_key FROM snapshot_runs
            WHERE status = 'pending' AND taken_at < now() - make_interval(hours => $1)
            FOR UPDATE SKIP LOCKED
         ), failed AS (
           UPDATE snapshot_runs r
              SET status = 'failed', failure_stage = 'identification', reason = $2,
                  finished_at = now(),
                  snapshot_key = CASE WHEN EXISTS (SELECT 1 FROM floor_privacy p
                    WHERE p.organization_id = r.organization_id AND p.keep_snapshots)
                    THEN r.snapshot_key END
             FROM stale s
            WHERE r.id = s.id
           RETURNING s.snapshot_key AS taken, r.snapshot_key AS kept
         ) SELECT taken, kept FROM failed`,
        [hours, reason],
      )) as { taken: string | null; kept: string | null }[];
      for (const { taken, kept } of rows)
        if (taken !== null && kept === null) await removePicture(taken);
      return rows.length;
    });
  }

  /**
   * Who the snapshots showed becomes presence events (at the time each was taken, in the area its
   * camera covered then), once: a run already finished, or a person already recorded, is skipped.
   * Many snapshots in one statement, so a burst costs one round trip and one commit, not one a
   * snapshot. Answers the events recorded for each snapshot, in order (0 for a run met twice).
   * A person deleted meanwhile (the snapshot was taken before) is recorded nowhere, nor counted
   * in the run's people_seen: under their organizations' locks, shared, a deletion either comes
   * after (and removes what this wrote) or left its tombstone.
   */
  async recordIdentified(snapshots: IdentifiedSnapshot[]): Promise<number[]> {
    const named = new Set<number>();
    const firsts = snapshots.filter((s) => !named.has(s.runId) && named.add(s.runId));
    const people = firsts.flatMap((snapshot) =>
      snapshot.people.map((person) => ({ runId: snapshot.runId, ...person })),
    );
    const runIds = firsts.map((snapshot) => snapshot.runId);
    const rows = await this.db.transaction(async (tx) => {
      const organizations = (await tx.query(
        `SELECT DISTINCT organization_id FROM snapshot_runs WHERE id = ANY($1::bigint[])
          ORDER BY organization_id`,
        [runIds],
      )) as { organization_id: number }[];
      for (const { organization_id } of organizations)
        await lockOrganization(tx, organization_id, 'shared');
      return this.closeIdentified(tx, firsts, people);
    });
    return countedOnce(snapshots, rows);
  }

  private async closeIdentified(
    tx: EntityManager,
    firsts: IdentifiedSnapshot[],
    people: (SeenPerson & { runId: number })[],
  ): Promise<{ snapshot_run_id: string }[]> {
    // people_seen is counted from what the events record: a person named twice is one event
    // (presence_once_per_run), and one deleted meanwhile (their tombstone) is none.
    return (await tx.query(
      `WITH batch AS (
         SELECT * FROM unnest($1::bigint[], $2::int[]) AS b(run_id, faces_detected)
       ), seen AS (
         SELECT s.* FROM unnest($3::bigint[], $4::int[], $5::real[]) AS s(run_id, person_id, confidence)
           JOIN snapshot_runs r ON r.id = s.run_id
          WHERE NOT EXISTS (SELECT 1 FROM deleted_members d
                             WHERE d.organization_id = r.organization_id AND d.user_id = s.person_id)
       ), counted AS (
         SELECT run_id, count(DISTINCT person_id)::int AS people FROM seen GROUP BY run_id
       ), closed AS (
         UPDATE snapshot_runs r
            SET status = 'identified', faces_detected = b.faces_detected,
                people_seen = coalesce(k.people, 0), finished_at = now(),
                snapshot_key = CASE WHEN EXISTS (SELECT 1 FROM floor_privacy p
                  WHERE p.organization_id = r.organization_id AND p.keep_snapshots)
                  THEN r.snapshot_key END
           FROM batch b LEFT JOIN counted k ON k.run_id = b.run_id
          WHERE r.id = b.run_id AND r.status = 'pending'
          RETURNING r.id, r.organization_id, r.camera_id, r.area_id, r.taken_at
       )
       INSERT INTO presence_events
         (organization_id, person_id, camera_id, area_id, seen_at, confidence, snapshot_run_id)
       SELECT c.organization_id, seen.person_id, c.camera_id, c.area_id, c.taken_at, seen.confidence, c.id
         FROM closed c JOIN seen ON seen.run_id = c.id
       ON CONFLICT (snapshot_run_id, person_id) WHERE snapshot_run_id IS NOT NULL DO NOTHING
       RETURNING snapshot_run_id`,
      [
        firsts.map((snapshot) => snapshot.runId),
        firsts.map((snapshot) => snapshot.facesDetected),
        people.map((person) => person.runId),
        people.map((person) => person.userId),
        people.map((person) => person.confidence),
      ],
    )) as { snapshot_run_id: string }[];
  }
}

/** Each snapshot's recorded events; a run named twice in one batch counts for its first only. */
function countedOnce(snapshots: IdentifiedSnapshot[], rows: { snapshot_run_id: string }[]) {
  const recorded = new Map<number, number>();
  for (const row of rows) {
    const runId = Number(row.snapshot_run_id);
    recorded.set(runId, (recorded.get(runId) ?? 0) + 1);
  }
  return snapshots.map((snapshot) => {
    const count = recorded.get(snapshot.runId) ?? 0;
    recorded.delete(snapshot.runId);
    return count;
  });
}
