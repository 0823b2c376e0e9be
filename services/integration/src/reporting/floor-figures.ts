import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FAILURE_REASONS, failureReasonText } from '@hub/proto';
import type { PlaceFigures } from '../floor/place-alerts.js';

/** A camera whose camera system's connection test failed. */
const testFailed = (camera: string) =>
  failureReasonText('camera_unreachable', {
    camera,
    detail: FAILURE_REASONS.camera_system_test_failed,
  });

export interface StationCounts {
  total: number;
  active: number;
}
export type AreaFigures = PlaceFigures & { workers: number };
/** Who is present, on the whole floor and per area, as of one moment. */
export interface Presence {
  present: number;
  areas: AreaFigures[];
}
/** A person a camera with SOPs tied to it saw within the presence window. */
export interface Sighting {
  person_id: number;
  camera_name: string;
  sop_ids: number[];
}
export interface Readings {
  temperature: number | null;
  humidity: number | null;
  air_quality: 'good' | 'moderate' | 'poor' | null;
  noise: number | null;
}

/**
 * The floor's figures: the organization's stations, the presence events the cameras recorded
 * within the presence window, and the latest recent sensor readings.
 */
@Injectable()
export class FloorFigures {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Who of the organization (of `userIds` when given) a camera saw today, from the presence
   * index alone. Today from `since`, the start of the organization's day (its time zone is
   * identity's); without it, from 00:00 UTC (a caller of the previous release).
   */
  async seenToday(organizationId: number, userIds?: number[], since?: Date): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT person_id FROM presence_events
        WHERE organization_id = $1
          AND seen_at >= coalesce($3::timestamptz,
                                  date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
          AND ($2::int[] IS NULL OR person_id = ANY($2::int[]))`,
      [organizationId, userIds ?? null, since ?? null],
    )) as { person_id: number }[];
    return rows.map((row) => row.person_id);
  }

  /** Who of the organization a camera saw within the presence window, each once. */
  async recentPeople(org: number, presenceMinutes: number): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT person_id FROM presence_events
        WHERE organization_id = $1 AND seen_at > now() - make_interval(mins => $2)`,
      [org, presenceMinutes],
    )) as { person_id: number }[];
    return rows.map((row) => row.person_id);
  }

  async stationCounts(org: number): Promise<StationCounts> {
    const rows = (await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE s.status = 'Operational' AND a.status = 'Operational')::int AS active
         FROM stations s JOIN areas a ON a.id = s.area_id WHERE s.organization_id = $1`,
      [org],
    )) as StationCounts[];
    return rows[0]!;
  }

  /**
   * The people present, but the `absent` (suspended), and each area's figures in one statement,
   * so they agree: read in two, a camera's sighting recorded between them showed a person present
   * in no area.
   */
  async presence(org: number, presenceMinutes: number, absent: number[]): Promise<Presence> {
    const rows = (await this.db.query(
      `WITH recent AS MATERIALIZED (
         SELECT area_id, person_id FROM presence_events
          WHERE organization_id = $1 AND seen_at > now() - make_interval(mins => $2)
            AND person_id <> ALL($3::int[])
       ),
       area_figures AS (
         SELECT a.name, a.status, coalesce(p.workers, 0)::int AS workers,
                coalesce(array_agg(s.name ORDER BY s.name) FILTER (WHERE s.status = 'Offline'), '{}') AS offline_stations
           FROM areas a
           LEFT JOIN stations s ON s.area_id = a.id
           LEFT JOIN (SELECT area_id, count(DISTINCT person_id) AS workers FROM recent
                       GROUP BY area_id) p ON p.area_id = a.id
          WHERE a.organization_id = $1
          GROUP BY a.id, a.name, a.status, p.workers
       )
       SELECT (SELECT count(DISTINCT person_id) FROM recent)::int AS present,
              coalesce((SELECT json_agg(area_figures ORDER BY name) FROM area_figures), '[]'::json)
                AS areas`,
      [org, presenceMinutes, absent],
    )) as Presence[];
    return rows[0]!;
  }

  /** Each figure from the latest recent reading that has it: sensors measure different things. */
  async latestReadings(org: number, readingMaxAgeMinutes: number): Promise<Readings> {
    const latest = (column: string) =>
      `(SELECT ${column} FROM sensor_readings WHERE organization_id = $1 AND ${column} IS NOT NULL
          AND recorded_at > now() - make_interval(mins => $2) ORDER BY recorded_at DESC LIMIT 1)`;
    const rows = (await this.db.query(
      `SELECT ${latest('temperature_f')} AS temperature, ${latest('humidity')} AS humidity,
              ${latest('air_quality')} AS air_quality, ${latest('noise_db')} AS noise`,
      [org, readingMaxAgeMinutes],
    )) as Readings[];
    return rows[0]!;
  }

  /**
   * Why each unreachable camera is: its last finished snapshot run could not get a picture, or
   * its camera system's connection test failed since (a test that signs in proves nothing of
   * one camera, so a passing test clears nothing). A failed test is said in the catalog's words:
   * the camera system's own are on its integration, for the administrator who tests it.
   */
  async unreachableCameras(organizationId: number): Promise<{ camera: string; message: string }[]> {
    const rows = (await this.db.query(
      `SELECT a.camera_name AS camera,
              i.last_test_status = 'failed' AND (r.at IS NULL OR i.last_tested_at > r.at) AS test_failed,
              r.reason
         FROM camera_assignments a
         JOIN integrations i ON i.id = a.integration_id
         -- When the run tried the camera, not when its answer came: a late identification
         -- does not hide a test that failed after the picture was taken.
         LEFT JOIN LATERAL (
           SELECT failure_stage, reason, taken_at AS at FROM snapshot_runs
            WHERE assignment_id = a.id AND status <> 'pending' ORDER BY id DESC LIMIT 1) r ON true
        WHERE a.organization_id = $1
          AND (r.failure_stage = 'camera'
            OR (i.last_test_status = 'failed' AND (r.at IS NULL OR i.last_tested_at > r.at)))
        ORDER BY a.camera_name`,
      [organizationId],
    )) as { camera: string; test_failed: boolean; reason: string | null }[];
    return rows.map(({ camera, test_failed, reason }) => ({
      camera,
      message: test_failed || reason === null ? testFailed(camera) : reason,
    }));
  }

  /** Everyone seen within the presence window by a camera with SOPs tied to it, but the `absent`. */
  async sightingsWithSops(
    organizationId: number,
    presenceMinutes: number,
    absent: number[],
  ): Promise<Sighting[]> {
    return (await this.db.query(
      `SELECT DISTINCT p.person_id, a.camera_name, a.sop_ids
         FROM presence_events p
         -- Through the sighting's own run: camera ids are unique within a camera system only, and
         -- two systems of one organization may each have a 'cam-1'.
         JOIN snapshot_runs r ON r.id = p.snapshot_run_id
         JOIN camera_assignments a ON a.id = r.assignment_id AND a.organization_id = p.organization_id
        WHERE p.organization_id = $1 AND p.seen_at > now() - make_interval(mins => $2)
          AND cardinality(a.sop_ids) > 0 AND p.person_id <> ALL($3::int[])
        ORDER BY a.camera_name, p.person_id`,
      [organizationId, presenceMinutes, absent],
    )) as Sighting[];
  }
}
