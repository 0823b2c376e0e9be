import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Area, FloorCamera, FloorStatus, Station } from '@hub/proto';
import { writeOrganizationData } from '../organizations/organizations.repository.js';

interface AreaRow {
  id: number;
  name: string;
  status: FloorStatus;
}
interface StationRow extends AreaRow {
  area_id: number;
}
interface CameraRow {
  id: number;
  camera_name: string;
  area_id: number | null;
  snapshot_enabled: boolean;
  snapshot_interval_seconds: number;
}

export interface PrivacyRow {
  keep_snapshots: boolean;
  presence_retention_days: number | null;
  learn_from_confirmed: boolean;
}

const toStation = (row: StationRow): Station => ({
  id: row.id,
  areaId: row.area_id,
  name: row.name,
  status: row.status,
});
export const toFloorCamera = (row: CameraRow): FloorCamera => ({
  assignmentId: row.id,
  cameraName: row.camera_name,
  areaId: row.area_id,
  snapshotEnabled: row.snapshot_enabled,
  snapshotIntervalSeconds: row.snapshot_interval_seconds,
});

/**
 * Areas, stations and the floor settings of assigned cameras; every query names the organization,
 * and every write is refused once its deletion was handled (writeOrganizationData).
 */
@Injectable()
export class FloorRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** One statement writing the organization's rows (its deletion handled: refused). */
  private written(organizationId: number, sql: string, params: unknown[]): Promise<unknown> {
    return writeOrganizationData(this.db, organizationId, (tx) => tx.query(sql, params));
  }

  /**
   * A write that counts the organization's areas or stations first: under its floor lock, held
   * to the commit, so two creations at once cannot both count the one room left (the
   * organization's own lock is shared by every write).
   */
  private counted<T>(organizationId: number, write: (tx: EntityManager) => Promise<T>) {
    return writeOrganizationData(this.db, organizationId, async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('integration.floor'), $1)`, [
        organizationId,
      ]);
      return write(tx);
    });
  }

  async areas(organizationId: number): Promise<Area[]> {
    const [areas, stations] = (await Promise.all([
      this.db.query(`SELECT id, name, status FROM areas WHERE organization_id = $1 ORDER BY name`, [
        organizationId,
      ]),
      this.db.query(
        `SELECT id, area_id, name, status FROM stations WHERE organization_id = $1 ORDER BY name`,
        [organizationId],
      ),
    ])) as [AreaRow[], StationRow[]];
    return areas.map((area) => ({
      ...area,
      stations: stations.filter((station) => station.area_id === area.id).map(toStation),
    }));
  }

  async cameras(organizationId: number): Promise<FloorCamera[]> {
    const rows = (await this.db.query(
      `SELECT id, camera_name, area_id, snapshot_enabled, snapshot_interval_seconds
         FROM camera_assignments WHERE organization_id = $1 ORDER BY camera_name`,
      [organizationId],
    )) as CameraRow[];
    return rows.map(toFloorCamera);
  }

  /** 'full': the organization has `max` areas already. */
  async insertArea(
    organizationId: number,
    name: string,
    status: FloorStatus,
    max: number,
  ): Promise<Area | 'full'> {
    const rows = (await this.counted(organizationId, (tx) =>
      tx.query(
        `INSERT INTO areas (organization_id, name, status)
         SELECT $1, $2, $3 WHERE (SELECT count(*) FROM areas WHERE organization_id = $1) < $4
         RETURNING id, name, status`,
        [organizationId, name, status, max],
      ),
    )) as AreaRow[];
    return rows[0] ? { ...rows[0], stations: [] } : 'full';
  }

  async updateArea(organizationId: number, id: number, name: string, status: FloorStatus) {
    const [rows] = (await this.written(
      organizationId,
      `UPDATE areas SET name = $3, status = $4 WHERE id = $1 AND organization_id = $2
       RETURNING id, name, status`,
      [id, organizationId, name, status],
    )) as [AreaRow[], number];
    return rows[0];
  }

  async deleteArea(organizationId: number, id: number): Promise<boolean> {
    const [, count] = (await this.written(
      organizationId,
      `DELETE FROM areas WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
    )) as [unknown, number];
    return count > 0;
  }

  /** Undefined: the organization has no such area; 'full': it has `max` stations already. */
  insertStation(
    organizationId: number,
    areaId: number,
    station: { name: string; status: FloorStatus },
    max: number,
  ): Promise<Station | 'full' | undefined> {
    return this.counted(organizationId, async (tx) => {
      const [area] = (await tx.query(
        `SELECT (SELECT count(*) FROM stations WHERE organization_id = $1)::int AS stations
           FROM areas WHERE id = $2 AND organization_id = $1`,
        [organizationId, areaId],
      )) as { stations: number }[];
      if (!area) return undefined;
      if (area.stations >= max) return 'full';
      const rows = (await tx.query(
        `INSERT INTO stations (organization_id, area_id, name, status) VALUES ($1, $2, $3, $4)
         RETURNING id, area_id, name, status`,
        [organizationId, areaId, station.name, station.status],
      )) as StationRow[];
      return toStation(rows[0]!);
    });
  }

  async updateStation(organizationId: number, id: number, name: string, status: FloorStatus) {
    const [rows] = (await this.written(
      organizationId,
      `UPDATE stations SET name = $3, status = $4 WHERE id = $1 AND organization_id = $2
       RETURNING id, area_id, name, status`,
      [id, organizationId, name, status],
    )) as [StationRow[], number];
    return rows[0] ? toStation(rows[0]) : undefined;
  }

  async deleteStation(organizationId: number, id: number): Promise<boolean> {
    const [, count] = (await this.written(
      organizationId,
      `DELETE FROM stations WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
    )) as [unknown, number];
    return count > 0;
  }

  /** A schedule left out (undefined) stays as it is. */
  async updateCamera(
    organizationId: number,
    assignmentId: number,
    settings: {
      areaId: number | null;
      snapshotEnabled?: boolean | undefined;
      snapshotIntervalSeconds?: number | undefined;
    },
  ): Promise<FloorCamera | undefined> {
    const [rows] = (await this.written(
      organizationId,
      `UPDATE camera_assignments SET area_id = $3,
              snapshot_enabled = coalesce($4, snapshot_enabled),
              snapshot_interval_seconds = coalesce($5, snapshot_interval_seconds)
        WHERE id = $1 AND organization_id = $2
          AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM areas WHERE id = $3 AND organization_id = $2))
       RETURNING id, camera_name, area_id, snapshot_enabled, snapshot_interval_seconds`,
      [
        assignmentId,
        organizationId,
        settings.areaId,
        settings.snapshotEnabled ?? null,
        settings.snapshotIntervalSeconds ?? null,
      ],
    )) as [CameraRow[], number];
    return rows[0] ? toFloorCamera(rows[0]) : undefined;
  }

  /** Nothing stored: snapshots are not kept, and the retention is the service's default. */
  async privacy(organizationId: number): Promise<PrivacyRow> {
    const rows = (await this.db.query(
      `SELECT keep_snapshots, presence_retention_days, learn_from_confirmed FROM floor_privacy
        WHERE organization_id = $1`,
      [organizationId],
    )) as PrivacyRow[];
    return (
      rows[0] ?? {
        keep_snapshots: false,
        presence_retention_days: null,
        learn_from_confirmed: false,
      }
    );
  }

  /** A retention or learning left out (undefined) stays as it is. */
  async setPrivacy(
    organizationId: number,
    keep: boolean,
    retentionDays: number | undefined,
    learnFromConfirmed: boolean | undefined,
  ): Promise<PrivacyRow> {
    const rows = (await this.written(
      organizationId,
      `INSERT INTO floor_privacy (organization_id, keep_snapshots, presence_retention_days, learn_from_confirmed)
       VALUES ($1, $2, $3, coalesce($4, false))
       ON CONFLICT (organization_id) DO UPDATE SET keep_snapshots = $2,
         presence_retention_days = coalesce($3, floor_privacy.presence_retention_days),
         learn_from_confirmed = coalesce($4, floor_privacy.learn_from_confirmed), updated_at = now()
       RETURNING keep_snapshots, presence_retention_days, learn_from_confirmed`,
      [organizationId, keep, retentionDays ?? null, learnFromConfirmed ?? null],
    )) as PrivacyRow[];
    return rows[0]!;
  }

  async areaExists(organizationId: number, areaId: number): Promise<boolean> {
    const rows = (await this.db.query(
      `SELECT 1 FROM areas WHERE id = $1 AND organization_id = $2`,
      [areaId, organizationId],
    )) as unknown[];
    return rows.length > 0;
  }
}
