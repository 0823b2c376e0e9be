import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Actor, type FloorStats, identityRpc } from '@hub/proto';
import { RpcCallError, type RpcClient } from '@hub/kit';
import { FLOOR_SETTINGS, type FloorSettings, RPC } from '../config.js';
import { FloorAlertsService, IDENTITY_DEADLINE_MS } from './floor-alerts.js';
import { FloorFigures } from '../reporting/floor-figures.js';
import { placeAlerts } from './place-alerts.js';
import { SuspensionRecord } from './suspension-record.js';

const MAX_ALERTS_LISTED = 20;
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The floor figures, computed from the organization's stations, the presence events the
 * cameras recorded within the presence window, and the latest recent sensor readings; alerts
 * for offline areas and stations first, then cameras and certifications. Someone suspended is
 * present nowhere and named in no alert, whatever a camera saw of them before.
 */
@Injectable()
export class FloorStatsService {
  private readonly logger = new Logger(FloorStatsService.name);
  /** Identity's latest verdicts, this process's own (each replica learns from its polls). */
  private readonly suspensions = new SuspensionRecord();

  constructor(
    @Inject(FloorFigures) private readonly figures: FloorFigures,
    @Inject(FLOOR_SETTINGS) private readonly settings: FloorSettings,
    @Inject(FloorAlertsService) private readonly floorAlerts: FloorAlertsService,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  async stats(actor: Actor): Promise<FloorStats> {
    const org = actor.organizationId;
    const suspended = this.suspendedSeen(org);
    const [stations, { present, areas }, readings, floorAlerts] = await Promise.all([
      this.figures.stationCounts(org),
      suspended.then((absent) => this.figures.presence(org, this.settings.presenceMinutes, absent)),
      this.figures.latestReadings(org, this.settings.readingMaxAgeMinutes),
      suspended.then((absent) => this.floorAlerts.alerts(org, absent)),
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
   * Who of the people seen within the presence window is suspended now (suspended people count
   * as active nowhere). Identity is asked about those people only, by id, once a poll: not for
   * every suspended person of the organization, nor for everyone's details; no one seen, no call.
   * Identity unreachable, the floor answers from its record of identity's last answers rather
   * than not at all (503 while identity restarted): it publishes no suspension events to keep a
   * fuller one by, and someone never asked about counts until identity answers again.
   */
  private async suspendedSeen(organizationId: number): Promise<number[]> {
    const seen = await this.figures.recentPeople(organizationId, this.settings.presenceMinutes);
    if (seen.length === 0) return [];
    try {
      const suspended = await this.rpc.call(
        identityRpc.memberIds,
        { organizationId, suspended: true, userIds: seen },
        IDENTITY_DEADLINE_MS,
      );
      this.suspensions.learn(organizationId, seen, suspended);
      return suspended;
    } catch (error) {
      if (!(error instanceof RpcCallError && error.failure.kind === 'unavailable')) throw error;
      this.logger.warn(`Floor stats from the last known suspensions: ${error.failure.message}`);
      return this.suspensions.among(organizationId, seen);
    }
  }

  /**
   * Team Overview's camera presence: who of the organization a camera saw today (since `since`,
   * the organization's day start, as identity answers it), from the presence index alone. Staff
   * roles, as the Team Overview itself.
   */
  seenToday(actor: Actor, userIds?: number[], since?: string): Promise<number[]> {
    if (userIds?.length === 0) return Promise.resolve([]);
    return this.figures.seenToday(
      actor.organizationId,
      userIds,
      since === undefined ? undefined : new Date(since),
    );
  }
}
