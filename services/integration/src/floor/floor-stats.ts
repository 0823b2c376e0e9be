import { Inject, Injectable } from '@nestjs/common';
import type { Actor, FloorStats } from '@hub/proto';
import { FLOOR_SETTINGS, type FloorSettings } from '../config.js';
import { FloorAlertsService } from './floor-alerts.js';
import { FloorFigures } from '../reporting/floor-figures.js';
import { MemberSuspensionsRepository } from './member-suspensions.repository.js';
import { placeAlerts } from './place-alerts.js';

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
  constructor(
    @Inject(FloorFigures) private readonly figures: FloorFigures,
    @Inject(FLOOR_SETTINGS) private readonly settings: FloorSettings,
    @Inject(FloorAlertsService) private readonly floorAlerts: FloorAlertsService,
    @Inject(MemberSuspensionsRepository) private readonly suspensions: MemberSuspensionsRepository,
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
   * as active nowhere), from identity's suspension events as recorded here: identity is not
   * asked, so the floor answers alike while it is away; no one seen, no query.
   */
  private async suspendedSeen(organizationId: number): Promise<number[]> {
    const seen = await this.figures.recentPeople(organizationId, this.settings.presenceMinutes);
    return this.suspensions.suspendedAmong(organizationId, seen);
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
