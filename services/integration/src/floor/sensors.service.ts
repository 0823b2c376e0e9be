import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Actor, type SensorReadingRequest, type SensorToken } from '@hub/proto';
import { RpcFailure } from '@hub/kit';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
/** A reading dated this far ahead is refused: the sensor's clock is wrong. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Environmental sensors post readings with their organization's token. Only the token's digest
 * is stored, so the token itself is shown once, when it is made.
 */
@Injectable()
export class SensorsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async createToken(actor: Actor): Promise<SensorToken> {
    const token = `fhs_${randomBytes(32).toString('base64url')}`;
    const rows = (await this.db.query(
      `INSERT INTO sensor_tokens (organization_id, token_hash, created_by) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id) DO UPDATE SET token_hash = EXCLUDED.token_hash,
         created_by = EXCLUDED.created_by, created_at = now()
       RETURNING created_at`,
      [actor.organizationId, digest(token), actor.userId],
    )) as { created_at: Date }[];
    return { token, createdAt: rows[0]!.created_at.toISOString() };
  }

  async record(token: string, reading: SensorReadingRequest): Promise<{ accepted: boolean }> {
    const organizationId = await this.organizationOf(token);
    const recordedAt = reading.recordedAt ? new Date(reading.recordedAt) : new Date();
    if (recordedAt.getTime() > Date.now() + MAX_CLOCK_SKEW_MS)
      throw RpcFailure.validation('The reading is dated in the future', 'recordedAt');
    const areaId = reading.area ? await this.areaId(organizationId, reading.area) : null;
    await this.db.query(
      `INSERT INTO sensor_readings (organization_id, area_id, temperature_f, humidity, air_quality, noise_db, recorded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        organizationId,
        areaId,
        reading.temperature ?? null,
        reading.humidity ?? null,
        reading.airQuality ?? null,
        reading.noiseLevel ?? null,
        recordedAt,
      ],
    );
    return { accepted: true };
  }

  private async organizationOf(token: string): Promise<number> {
    const rows = (await this.db.query(
      `SELECT organization_id FROM sensor_tokens WHERE token_hash = $1`,
      [digest(token)],
    )) as { organization_id: number }[];
    if (!rows[0]) throw new RpcFailure('unauthenticated', 'Invalid sensor token');
    return rows[0].organization_id;
  }

  private async areaId(organizationId: number, name: string): Promise<number> {
    const rows = (await this.db.query(
      `SELECT id FROM areas WHERE organization_id = $1 AND lower(name) = lower($2)`,
      [organizationId, name],
    )) as { id: number }[];
    if (!rows[0]) throw RpcFailure.validation('No area with this name', 'area');
    return rows[0].id;
  }
}
