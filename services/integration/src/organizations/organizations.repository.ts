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

/** The integration service's rows of a deleted organization. */
@Injectable()
export class OrganizationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Its camera assignments, areas, stations, presence and readings, in one transaction. */
  async deleteIntegrationDataOf(organizationId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const table of ORGANIZATION_TABLES)
        await tx.query(`DELETE FROM ${table} WHERE organization_id = $1`, [organizationId]);
    });
  }
}
