import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const ORGANIZATION_TABLES = [
  'snapshot_runs',
  'floor_privacy',
  'camera_assignments',
  'presence_events',
  'sensor_readings',
  'sensor_tokens',
  'stations',
  'areas',
] as const;

/** The integration service's rows of what identity deleted: an organization, a person. */
@Injectable()
export class OrganizationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Its camera assignments, areas, stations, presence and readings, in one transaction, its
   * snapshot pictures removed before it commits: the runs are their only record, so a store that
   * refuses keeps the rows, and the event, redelivered, tries again.
   */
  async deleteIntegrationDataOf(
    organizationId: number,
    removePictures: () => Promise<unknown>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const table of ORGANIZATION_TABLES)
        await tx.query(`DELETE FROM ${table} WHERE organization_id = $1`, [organizationId]);
      await removePictures();
    });
  }

  /** Where the cameras saw a person of the organization. */
  async deletePresenceOf(organizationId: number, personId: number): Promise<void> {
    await this.db.query(
      `DELETE FROM presence_events WHERE organization_id = $1 AND person_id = $2`,
      [organizationId, personId],
    );
  }
}
