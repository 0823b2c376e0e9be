import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type Area,
  type FloorCamera,
  type FloorLayout,
  type FloorPrivacy,
  type FloorPrivacyRequest,
  type SaveAreaRequest,
  type SaveStationRequest,
  type Station,
  type UpdateFloorCameraRequest,
  errorText,
} from '@hub/proto';
import { isUniqueViolation, RpcFailure } from '@hub/kit';
import { FLOOR_SETTINGS, type FloorSettings, SCHEDULES } from '../config.js';
import type { SnapshotSchedules } from '../snapshots/snapshot-schedules.js';
import { FloorRepository, type PrivacyRow } from './floor.repository.js';

export const AREA_NOT_FOUND = 'Area not found';
export const STATION_NOT_FOUND = 'Station not found';
/**
 * Bounds of one organization's floor: the layout and the figures (asked every few seconds) read
 * every area and station unpaged, and the floor map shows each area as a tile.
 */
export const MAX_AREAS = 200;
export const MAX_STATIONS = 2000;
const TOO_MANY_AREAS = errorText('floor_area_limit', { limit: String(MAX_AREAS) });
const TOO_MANY_STATIONS = errorText('floor_station_limit', { limit: String(MAX_STATIONS) });

/** Areas and stations of the actor's organization; everyone on the floor reads, admins change. */
@Injectable()
export class FloorService {
  constructor(
    @Inject(FloorRepository) private readonly floor: FloorRepository,
    @Inject(SCHEDULES) private readonly schedules: SnapshotSchedules,
    @Inject(FLOOR_SETTINGS) private readonly settings: FloorSettings,
  ) {}

  async layout(actor: Actor): Promise<FloorLayout> {
    const [areas, cameras, privacy] = await Promise.all([
      this.floor.areas(actor.organizationId),
      this.floor.cameras(actor.organizationId),
      this.floor.privacy(actor.organizationId),
    ]);
    return { areas, cameras, ...this.toPrivacy(privacy) };
  }

  /**
   * Snapshots are deleted once identified unless kept, and presence events hold no image;
   * presence events are deleted after the organization's retention (the hourly sweep).
   */
  async updatePrivacy(actor: Actor, privacy: FloorPrivacyRequest): Promise<FloorPrivacy> {
    const row = await this.floor.setPrivacy(
      actor.organizationId,
      privacy.keepSnapshots,
      privacy.presenceRetentionDays,
      privacy.learnFromConfirmed,
    );
    return this.toPrivacy(row);
  }

  /**
   * Asked by the video service when a supervisor confirms or names faces, and by its sweep of
   * unknown faces (kept as long as presence events).
   */
  async learnsFromConfirmed(
    organizationId: number,
  ): Promise<{ learnFromConfirmed: boolean; retentionDays: number }> {
    const privacy = this.toPrivacy(await this.floor.privacy(organizationId));
    return {
      learnFromConfirmed: privacy.learnFromConfirmed,
      retentionDays: privacy.presenceRetentionDays,
    };
  }

  private toPrivacy(row: PrivacyRow): FloorPrivacy {
    return {
      keepSnapshots: row.keep_snapshots,
      presenceRetentionDays: row.presence_retention_days ?? this.settings.defaultRetentionDays,
      learnFromConfirmed: row.learn_from_confirmed,
    };
  }

  async createArea(actor: Actor, area: SaveAreaRequest): Promise<Area> {
    const row = await this.unique(
      () => this.floor.insertArea(actor.organizationId, area.name, area.status, MAX_AREAS),
      'An area with this name exists already.',
    );
    if (row === 'full') throw RpcFailure.validation(TOO_MANY_AREAS);
    return row;
  }

  async updateArea(actor: Actor, areaId: number, area: SaveAreaRequest): Promise<Area> {
    const row = await this.unique(
      () => this.floor.updateArea(actor.organizationId, areaId, area.name, area.status),
      'An area with this name exists already.',
    );
    if (!row) throw RpcFailure.notFound(AREA_NOT_FOUND);
    const areas = await this.floor.areas(actor.organizationId);
    return areas.find((one) => one.id === areaId) ?? { ...row, stations: [] };
  }

  async deleteArea(actor: Actor, areaId: number) {
    if (!(await this.floor.deleteArea(actor.organizationId, areaId)))
      throw RpcFailure.notFound(AREA_NOT_FOUND);
    return { message: 'Area deleted' };
  }

  async createStation(actor: Actor, areaId: number, station: SaveStationRequest): Promise<Station> {
    const row = await this.unique(
      () => this.floor.insertStation(actor.organizationId, areaId, station, MAX_STATIONS),
      'This area has a station with this name already.',
    );
    if (!row) throw RpcFailure.notFound(AREA_NOT_FOUND);
    if (row === 'full') throw RpcFailure.validation(TOO_MANY_STATIONS);
    return row;
  }

  async updateStation(actor: Actor, stationId: number, station: SaveStationRequest) {
    const row = await this.unique(
      () => this.floor.updateStation(actor.organizationId, stationId, station.name, station.status),
      'This area has a station with this name already.',
    );
    if (!row) throw RpcFailure.notFound(STATION_NOT_FOUND);
    return row;
  }

  async deleteStation(actor: Actor, stationId: number) {
    if (!(await this.floor.deleteStation(actor.organizationId, stationId)))
      throw RpcFailure.notFound(STATION_NOT_FOUND);
    return { message: 'Station deleted' };
  }

  /** The area a camera of the organization covers, and its snapshot schedule. */
  async updateCamera(
    actor: Actor,
    assignmentId: number,
    camera: UpdateFloorCameraRequest,
  ): Promise<FloorCamera> {
    if (
      camera.areaId !== null &&
      !(await this.floor.areaExists(actor.organizationId, camera.areaId))
    )
      throw RpcFailure.validation(AREA_NOT_FOUND, 'areaId');
    const row = await this.floor.updateCamera(actor.organizationId, assignmentId, camera);
    if (!row) throw RpcFailure.notFound('Camera not found');
    await this.schedules.follow(actor.organizationId);
    return row;
  }

  private async unique<T>(write: () => Promise<T>, message: string): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new RpcFailure('conflict', message, 'name');
      throw error;
    }
  }
}
