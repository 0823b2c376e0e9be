import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Actor, ERROR_TEXTS, type SensorReadingRequest, type SensorToken } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { OrganizationDeleted } from '../organizations/organization-deleted.js';
import { SensorsRepository } from './sensors.repository.js';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
/** A reading dated this far ahead is refused: the sensor's clock is wrong. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;
const INVALID_TOKEN = ERROR_TEXTS.sensor_token_invalid;
const MEASURES = ['temperature', 'humidity', 'airQuality', 'noiseLevel'] as const;
const MEASURES_NOTHING = ERROR_TEXTS.sensor_reading_empty;

/**
 * Environmental sensors post readings with their organization's token. Only the token's digest
 * is stored, so the token itself is shown once, when it is made.
 */
@Injectable()
export class SensorsService {
  constructor(@Inject(SensorsRepository) private readonly sensors: SensorsRepository) {}

  async createToken(actor: Actor): Promise<SensorToken> {
    const token = `fhs_${randomBytes(32).toString('base64url')}`;
    const createdAt = await this.sensors.saveToken(
      actor.organizationId,
      digest(token),
      actor.userId,
    );
    return { token, createdAt: createdAt.toISOString() };
  }

  async record(token: string, reading: SensorReadingRequest): Promise<{ accepted: boolean }> {
    const organizationId = await this.organizationOf(token);
    // A row of nulls would only crowd out readings: the figures take the latest of each measure.
    if (!MEASURES.some((measure) => reading[measure] !== undefined))
      throw RpcFailure.validation(MEASURES_NOTHING);
    const recordedAt = reading.recordedAt ? new Date(reading.recordedAt) : new Date();
    if (recordedAt.getTime() > Date.now() + MAX_CLOCK_SKEW_MS)
      throw RpcFailure.validation('The reading is dated in the future', 'recordedAt');
    const areaId = reading.area ? await this.areaId(organizationId, reading.area) : null;
    await this.sensors
      .insertReading({
        organizationId,
        areaId,
        temperature: reading.temperature ?? null,
        humidity: reading.humidity ?? null,
        airQuality: reading.airQuality ?? null,
        noiseLevel: reading.noiseLevel ?? null,
        recordedAt,
      })
      .catch((error: unknown) => {
        // Its token went with the organization: refused as it is from now on.
        if (error instanceof OrganizationDeleted)
          throw new RpcFailure('unauthenticated', INVALID_TOKEN);
        throw error;
      });
    return { accepted: true };
  }

  private async organizationOf(token: string): Promise<number> {
    const organizationId = await this.sensors.organizationOfToken(digest(token));
    if (organizationId === undefined) throw new RpcFailure('unauthenticated', INVALID_TOKEN);
    return organizationId;
  }

  private async areaId(organizationId: number, name: string): Promise<number> {
    const areaId = await this.sensors.areaIdByName(organizationId, name);
    if (areaId === undefined) throw RpcFailure.validation('No area with this name', 'area');
    return areaId;
  }
}
