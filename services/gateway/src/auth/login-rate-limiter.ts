import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Limits password guessing: failed sign-ins per email, and all sign-in attempts per client
 * address, each within a sliding window kept in Redis (shared by every gateway replica).
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(Redis) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  private emailKey(email: string) {
    return `${this.config.REDIS_PREFIX}ratelimit:login:email:${digest(email.trim().toLowerCase())}`;
  }

  private clientKey(ip: string) {
    return `${this.config.REDIS_PREFIX}ratelimit:login:client:${digest(ip)}`;
  }

  /** Counts this attempt for the client and refuses it when either limit is reached. */
  async admit(email: string, ip: string): Promise<void> {
    const window = this.config.LOGIN_WINDOW_SECONDS;
    const [[, attempts], [, failures], [, ttl]] = (await this.redis
      .multi()
      .incr(this.clientKey(ip))
      .get(this.emailKey(email))
      .ttl(this.emailKey(email))
      .exec()) as [[null, number], [null, string | null], [null, number]];
    if (attempts === 1) await this.redis.expire(this.clientKey(ip), window);
    if (attempts > this.config.LOGIN_MAX_ATTEMPTS_PER_CLIENT) {
      const clientTtl = await this.redis.ttl(this.clientKey(ip));
      throw tooMany(clientTtl);
    }
    if (Number(failures ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_EMAIL) throw tooMany(ttl);
  }

  async recordFailure(email: string): Promise<void> {
    const key = this.emailKey(email);
    const failures = await this.redis.incr(key);
    if (failures === 1) await this.redis.expire(key, this.config.LOGIN_WINDOW_SECONDS);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.emailKey(email));
  }
}

function tooMany(secondsLeft: number): HttpException {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return new HttpException(
    `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
