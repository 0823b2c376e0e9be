import { createHash } from 'node:crypto';
import {
  Body,
  Controller,
  Headers,
  HttpException,
  HttpStatus,
  Inject,
  Req,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { api, integrationRpc, type SensorReadingRequest } from '@hub/proto';
import { RpcCallError, RpcClient } from '@hub/kit';
import { clientNetwork } from '../auth/login-rate-limiter.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import { type BearerTokenKind, TokenRateLimiter } from '../rate-limits/token-rate-limiter.js';

/**
 * One token serves every sensor of an organization: fifty sensors posting every five seconds fit,
 * a runaway or leaked one does not fill the readings table.
 */
export const SENSOR_READINGS_PER_MINUTE = 600;

/**
 * Readings per client network and minute whose token did not resolve: each made-up token has a
 * budget of its own, so guesses are bounded per address before they reach the integration
 * service's database. Five sensors left with a revoked token behind one NAT fit.
 */
export const UNRESOLVED_SENSOR_TOKENS_PER_MINUTE = 60;

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

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

  /**
   * Public route: the sensor token in the Authorization header is the only credential. Each
   * reading holds a place in its address's budget until its token resolved: counted before the
   * service is asked, guesses sent at once cannot all pass.
   */
  @Endpoint(api.sensorReading)
  async sensorReading(
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
    @Body() reading: SensorReadingRequest,
  ) {
    const token = /^Bearer (\S{1,200})$/.exec(authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException('A sensor token is required');
    const client = digest(clientNetwork(request.ip));
    await this.withinBudget('sensor-client', client, UNRESOLVED_SENSOR_TOKENS_PER_MINUTE);
    let unresolved = false;
    try {
      // The digest names the token's count: the secret itself is never a Redis key.
      await this.withinBudget('sensor-token', digest(token), SENSOR_READINGS_PER_MINUTE);
      return await this.rpc.relay(integrationRpc.sensorReading, { token, reading });
    } catch (error) {
      unresolved = error instanceof RpcCallError && error.failure.kind === 'unauthenticated';
      throw error;
    } finally {
      if (!unresolved) await this.limiter.giveBack('sensor-client', client);
    }
  }

  /** Counted before the integration service is asked: a flood never reaches its database. */
  private async withinBudget(kind: BearerTokenKind, key: string, perMinute: number): Promise<void> {
    const retryAfter = await this.limiter.retryAfter(kind, key, perMinute);
    if (retryAfter === null) return;
    throw new HttpException(
      {
        message:
          kind === 'sensor-token'
            ? `Too many readings with this sensor token. Please retry in ${retryAfter} seconds.`
            : `Too many readings with unknown sensor tokens from this address. Please retry in ${retryAfter} seconds.`,
        retryAfter,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
