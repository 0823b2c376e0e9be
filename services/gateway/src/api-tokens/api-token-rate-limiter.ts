import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const WINDOW_SECONDS = 60;

/**
 * Requests per API token and minute, counted in Redis as the sign-in limits are, so every
 * gateway replica shares the count. A busy integration is slowed down with 429 and
 * Retry-After, never cut off.
 */
@Injectable()
export class ApiTokenRateLimiter {
  constructor(
    @Inject(Redis) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async admit(tokenId: number): Promise<void> {
    const key = `${this.config.REDIS_PREFIX}ratelimit:api-token:${tokenId}`;
    const results = (await this.redis
      .multi()
      .incr(key)
      .expire(key, WINDOW_SECONDS, 'NX')
      .ttl(key)
      .exec()) as [null, number][];
    const requests = results[0]![1];
    if (requests <= this.config.API_TOKEN_MAX_REQUESTS_PER_MINUTE) return;
    const retryAfter = Math.max(1, results[2]![1]);
    throw new HttpException(
      {
        message: `Too many requests with this API token. Please retry in ${retryAfter} seconds.`,
        retryAfter,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
