import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SensorReadingRequest } from '@hub/proto';
import { writeOrganizationData } from '../organizations/organizations.repository.js';

export interface SensorReadingRow {
  organizationId: number;
  areaId: number | null;
  temperature: number | null;
  humidity: number | null;
  airQuality: NonNullable<SensorReadingRequest['airQuality']> | null;
  noiseLevel: number | null;
  recordedAt: Date;
}

/**
 * Sensor tokens (their digests, one per organization) and the readings they post; each written
 * unless the organization's deletion was handled (writeOrganizationData).
 */
@Injectable()
export class SensorsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Replaces the organization's token; when it was made. */
  async saveToken(organizationId: number, tokenHash: string, createdBy: number): Promise<Date> {
    const rows = (await writeOrganizationData(this.db, organizationId, (tx) =>
      tx.query(
        `INSERT INTO sensor_tokens (organization_id, token_hash, created_by) VALUES ($1, $2, $3)
         ON CONFLICT (organization_id) DO UPDATE SET token_hash = EXCLUDED.token_hash,
           created_by = EXCLUDED.created_by, created_at = now()
         RETURNING created_at`,
        [organizationId, tokenHash, createdBy],
      ),
    )) as { created_at: Date }[];
    return rows[0]!.created_at;
  }

  /** The organization whose token has this digest. */
  async organizationOfToken(tokenHash: string): Promise<number | undefined> {
    const rows = (await this.db.query(
      `SELECT organization_id FROM sensor_tokens WHERE token_hash = $1`,
      [tokenHash],
    )) as { organization_id: number }[];
    return rows[0]?.organization_id;
  }

  /** The organization's area of this name, in any case. */
  async areaIdByName(organizationId: number, name: string): Promise<number | undefined> {
    const rows = (await this.db.query(
      `SELECT id FROM areas WHERE organization_id = $1 AND lower(name) = lower($2)`,
      [organizationId, name],
    )) as { id: number }[];
    return rows[0]?.id;
  }

  async insertReading(reading: SensorReadingRow): Promise<void> {
    await writeOrganizationData(this.db, reading.organizationId, (tx) =>
      tx.query(
        `INSERT INTO sensor_readings (organization_id, area_id, temperature_f, humidity, air_quality, noise_db, recorded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          reading.organizationId,
          reading.areaId,
          reading.temperature,
          reading.humidity,
          reading.airQuality,
          reading.noiseLevel,
          reading.recordedAt,
        ],
      ),
    );
  }
}
