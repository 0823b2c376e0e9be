import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Actor, type FloorStats } from '@hub/proto';
import { FLOOR_SETTINGS, type FloorSettings } from '../config.js';
import { FloorAlertsService } from './floor-alerts.js';
import { type PlaceFigures, placeAlerts } from './place-alerts.js';

interface StationCounts {
  total: number;
  active: number;
}
type AreaFigures = PlaceFigures & { workers: number };
/** Who is present, on the whole floor and per area, as of one moment. */
interface Presence {
  present: number;
  areas: AreaFigures[];
}
interface Readings {
  temperature: number | null;
  humidity: number | null;
  air_quality: 'good' | 'moderate' | 'poor' | null;
  noise: number | null;
}

const MAX_ALERTS_LISTED = 20;
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The floor figures, computed from the organization's stations, the presence events the
 * cameras recorded within the presence window, and the latest recent sensor readings; alerts
 * for offline areas and stations first, then cameras and certifications.
 */
@Injectable()
export class FloorStatsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(FLOOR_SETTINGS) private readonly settings: FloorSettings,
    @Inject(FloorAlertsService) private readonly floorAlerts: FloorAlertsService,
  ) {}

  async stats(actor: Actor): Promise<FloorStats> {
    const org = actor.organizationId;
    const [stations, { present, areas }, readings, floorAlerts] = await Promise.all([
      this.stationCounts(org),
      this.presence(org),
      this.latestReadings(org),
      this.floorAlerts.alerts(org),
    ]);
    const alerts = [...placeAlerts(areas), ...floorAlerts];
    return {
      activeStations: stations.active,
      totalStations: stations.total,
      workersPresent: present,
      // People present per operational station, at most 100 %.
      utilizationRate:
        stations.active === 0 ? 0 : Math.min(100, Math.round((present / stations.active) * 100)),
      alertsCount: alerts.length,
      alerts: alerts.slice(0, MAX_ALERTS_LISTED),
      areaBreakdown: Object.fromEntries(
        areas.map((area) => [area.name, { workers: area.workers, status: area.status }]),
      ),
      environmentalStatus: {
        temperature: readings.temperature === null ? null : round1(readings.temperature),
        humidity: readings.humidity === null ? null : round1(readings.humidity),
        airQuality: readings.air_quality ?? 'Unknown',
        noiseLevel: readings.noise === null ? 'Unknown' : round1(readings.noise),
      },
      presenceWindowMinutes: this.settings.presenceMinutes,
      generatedAt: new Date().toISOString(),
    };
  }

  /**
   * Team Overview's camera presence: who of the organization a camera saw since 00:00 UTC, from
   * the presence index alone. Staff roles, as the Team Overview itself.
   */
  async seenToday(actor: Actor): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT person_id FROM presence_events
        WHERE organization_id = $1
          AND seen_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [actor.organizationId],
    )) as { person_id: number }[];
    return rows.map((row) => row.person_id);
  }

  private async stationCounts(org: number): Promise<StationCounts> {
    const rows = (await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE s.status = 'Operational' AND a.status = 'Operational')::int AS active
         FROM stations s JOIN areas a ON a.id = s.area_id WHERE s.organization_id = $1`,
      [org],
    )) as StationCounts[];
    return rows[0]!;
  }

  /**
   * The people present and each area's figures in one statement, so they agree: read in two,
   * a camera's sighting recorded between them showed a person present in no area.
   */
  private async presence(org: number): Promise<Presence> {
    const rows = (await this.db.query(
      `WITH recent AS MATERIALIZED (
         SELECT area_id, person_id FROM presence_events
          WHERE organization_id = $1 AND seen_at > now() - make_interval(mins => $2)
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
      [org, this.settings.presenceMinutes],
    )) as Presence[];
    return rows[0]!;
  }

  /** Each figure from the latest recent reading that has it: sensors measure different things. */
  private async latestReadings(org: number): Promise<Readings> {
    const latest = (column: string) =>
      `(SELECT ${column} FROM sensor_readings WHERE organization_id = $1 AND ${column} IS NOT NULL
          AND recorded_at > now() - make_interval(mins => $2) ORDER BY recorded_at DESC LIMIT 1)`;
    const rows = (await this.db.query(
      `SELECT ${latest('temperature_f')} AS temperature, ${latest('humidity')} AS humidity,
              ${latest('air_quality')} AS air_quality, ${latest('noise_db')} AS noise`,
      [org, this.settings.readingMaxAgeMinutes],
    )) as Readings[];
    return rows[0]!;
  }
}
