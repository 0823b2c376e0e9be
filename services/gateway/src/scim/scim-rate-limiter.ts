import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const WINDOW_SECONDS = 60;

/**
 * Requests per SCIM token and minute, counted in Redis as the sign-in limits are, so every
 * gateway replica shares the count. An identity provider that syncs thousands of people is
 * slowed down with 429 and Retry-After (which Okta and Entra ID honour), never cut off.
 */
@Injectable()
export class ScimRateLimiter {
  constructor(
    @Inject(Redis) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async admit(tokenId: number): Promise<void> {
    const key = `${this.config.REDIS_PREFIX}ratelimit:scim:${tokenId}`;
    const results = (await this.redis
      .multi()
      .incr(key)
      .expire(key, WINDOW_SECONDS, 'NX')
      .ttl(key)
      .exec()) as [null, number][];
    const requests = results[0]![1];
    if (requests <= this.config.SCIM_MAX_REQUESTS_PER_MINUTE) return;
    const retryAfter = Math.max(1, results[2]![1]);
    throw new HttpException(
      {
        message: `Too many SCIM requests with this token. Please retry in ${retryAfter} seconds.`,
        scimType: 'tooMany',
        retryAfter,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
