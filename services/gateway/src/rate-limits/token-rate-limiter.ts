import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const WINDOW_SECONDS = 60;

/**
 * The kinds of bearer token a program holds; each counts in a key space of its own.
 * `sensor-client` counts a client network's sensor readings whose token is not (yet) known good:
 * made-up tokens would each get a budget of their own.
 */
export type BearerTokenKind = 'api-token' | 'scim' | 'sensor-token' | 'sensor-client';

/**
 * Public routes that need no credential at all, counted per client network (the key is its
 * digest): `certificate-verify` bounds guessing verification codes from one address.
 */
export type PublicRouteKind = 'certificate-verify';

type CountKind = BearerTokenKind | PublicRouteKind;

/**
 * Requests per bearer token (or, on a public route, per client network) and minute, counted in
 * Redis as the sign-in limits are, so every gateway replica shares the count. A busy program is
 * slowed down with 429 and Retry-After (which Okta and Entra ID honour for SCIM), never cut off;
 * each caller words the refusal in its own protocol.
 */
@Injectable()
export class TokenRateLimiter {
  constructor(
    @Inject(Redis) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Counts one request; the seconds to wait when the token is over its budget, else null. */
  async retryAfter(
    kind: CountKind,
    tokenId: number | string,
    perMinute: number,
  ): Promise<number | null> {
    const key = `${this.config.REDIS_PREFIX}ratelimit:${kind}:${tokenId}`;
    const results = (await this.redis
      .multi()
      .incr(key)
      .expire(key, WINDOW_SECONDS, 'NX')
      .ttl(key)
      .exec()) as [null, number][];
    if (results[0]![1] <= perMinute) return null;
    return Math.max(1, results[2]![1]);
  }

  /**
   * Takes back one request `retryAfter` counted, once it proved not to be what the budget bounds
   * (a sensor reading whose token resolved).
   */
  async giveBack(kind: CountKind, tokenId: number | string): Promise<void> {
    const key = `${this.config.REDIS_PREFIX}ratelimit:${kind}:${tokenId}`;
    // Should the window have ended meanwhile, the count left below zero still expires.
    await this.redis.multi().decr(key).expire(key, WINDOW_SECONDS, 'NX').exec();
  }
}
