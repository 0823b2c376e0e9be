import { createHash } from 'node:crypto';
import {
  Body,
  Controller,
  Headers,
  HttpException,
  HttpStatus,
  Inject,
  UnauthorizedException,
} from '@nestjs/common';
import { api, integrationRpc, type SensorReadingRequest } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { Endpoint } from '../http/endpoint.decorator.js';
import { TokenRateLimiter } from '../rate-limits/token-rate-limiter.js';

/**
 * One token serves every sensor of an organization: fifty sensors posting every five seconds fit,
 * a runaway or leaked one does not fill the readings table.
 */
export const SENSOR_READINGS_PER_MINUTE = 600;

/**
 * The floor's sensors' public endpoint. (The camera assignments' changes, whose audit entry is
 * the camera's organization's, are relayed: `auditOrganization: { answered: true }`.)
 */
@Controller()
export class FloorController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(TokenRateLimiter) private readonly limiter: TokenRateLimiter,
  ) {}

  /** Public route: the sensor token in the Authorization header is the only credential. */
  @Endpoint(api.sensorReading)
  async sensorReading(
    @Headers('authorization') authorization: string | undefined,
    @Body() reading: SensorReadingRequest,
  ) {
    const token = /^Bearer (\S{1,200})$/.exec(authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException('A sensor token is required');
    await this.withinBudget(token);
    return this.rpc.relay(integrationRpc.sensorReading, { token, reading });
  }

  /** Counted before the integration service is asked: a flood never reaches its database. */
  private async withinBudget(token: string): Promise<void> {
    // The digest names the token's count: the secret itself is never a Redis key.
    const key = createHash('sha256').update(token).digest('hex').slice(0, 32);
    const retryAfter = await this.limiter.retryAfter(
      'sensor-token',
      key,
      SENSOR_READINGS_PER_MINUTE,
    );
    if (retryAfter === null) return;
    throw new HttpException(
      {
        message: `Too many readings with this sensor token. Please retry in ${retryAfter} seconds.`,
        retryAfter,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
