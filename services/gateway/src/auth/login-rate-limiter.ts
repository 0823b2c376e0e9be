import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { errorText } from '@hub/proto';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
const account = (email: string) => digest(email.trim().toLowerCase());

/** How long an address that signed in to an account stays "known" to that account. */
const KNOWN_ADDRESS_SECONDS = 30 * 86400;

/** How long an attempt holds its pair at most, should its gateway die before releasing it. */
const ATTEMPT_HOLD_MS = 30_000;
/** How long an attempt waits for the one its pair has under way before it is refused. */
const ATTEMPT_WAIT_MS = 10_000;
const ATTEMPT_POLL_MS = 25;

/**
 * Sign-in throttling after ASVS V2.2: failures are counted per account, per client address and
 * per account+address pair; successes only against a much higher ceiling per address, so a
 * shift of operators behind one factory NAT can sign in. A pair that keeps failing waits with
 * an exponential backoff instead of a hard lock, so a stranger who knows an email cannot keep
 * its owner out: the owner's own address (one that signed in before) is never held back by
 * failures made elsewhere. Counters live in Redis, shared by every gateway replica.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(Redis) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  private key(kind: string, ...parts: string[]) {
    return `${this.config.REDIS_PREFIX}ratelimit:login:${kind}:${parts.join(':')}`;
  }

  private keys(email: string, ip: string) {
    return {
      pair: this.key('pair', account(email), digest(ip)),
      email: this.key('email', account(email)),
      clientFailures: this.key('client-failures', digest(ip)),
      clientAttempts: this.key('client', digest(ip)),
      known: this.key('known', account(email), digest(ip)),
      attempt: this.key('attempt', account(email), digest(ip)),
    };
  }

  /**
   * Counts this attempt for the address and refuses it while any limit holds. An admitted
   * attempt holds its pair until `release`: failures are counted only once verified, so guesses
   * sent at once would otherwise all pass before the first was counted.
   */
  async admit(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await this.holdPair(keys.attempt);
    try {
      await this.checkLimits(keys);
    } catch (error) {
      await this.release(email, ip);
      throw error;
    }
  }

  /**
   * Waits for the pair's attempt under way, if any, to be counted: a script or two tabs signing
   * in at once are served one after another, not refused.
   */
  private async holdPair(key: string): Promise<void> {
    const deadline = Date.now() + ATTEMPT_WAIT_MS;
    while ((await this.redis.set(key, '1', 'PX', ATTEMPT_HOLD_MS, 'NX')) === null) {
      if (Date.now() >= deadline) throw tooMany(1);
      await sleep(ATTEMPT_POLL_MS);
    }
  }

  /** Lets the pair's next attempt in, once this one's outcome is recorded. */
  async release(email: string, ip: string): Promise<void> {
    await this.redis.del(this.keys(email, ip).attempt);
  }

  private async checkLimits(keys: ReturnType<LoginRateLimiter['keys']>): Promise<void> {
    const window = this.config.LOGIN_WINDOW_SECONDS;
    const results = (await this.redis
      .multi()
      .incr(keys.clientAttempts)
      .expire(keys.clientAttempts, window, 'NX')
      .pttl(keys.pair)
      .mget(keys.clientFailures, keys.email, keys.known)
      .exec()) as [null, unknown][];
    const attempts = results[0]![1] as number;
    const pairWaitMs = results[2]![1] as number;
    const [clientFailures, emailFailures, known] = results[3]![1] as (string | null)[];
    if (attempts > this.config.LOGIN_MAX_ATTEMPTS_PER_CLIENT) {
      throw tooMany(await this.redis.ttl(keys.clientAttempts));
    }
    if (Number(clientFailures ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_CLIENT) {
      throw tooMany(await this.redis.ttl(keys.clientFailures));
    }
    if (pairWaitMs > 0) throw tooMany(Math.ceil(pairWaitMs / 1000));
    // Many failures on one account from many addresses: a distributed guess. Addresses the
    // account signed in from before still pass (their own pair backoff still applies).
    if (!known && Number(emailFailures ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_EMAIL) {
      throw tooMany(await this.redis.ttl(keys.email));
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const window = this.config.LOGIN_WINDOW_SECONDS;
    const results = (await this.redis
      .multi()
      .incr(keys.email)
      .expire(keys.email, window, 'NX')
      .incr(keys.clientFailures)
      .expire(keys.clientFailures, window, 'NX')
      .hincrby(`${keys.pair}:count`, 'failures', 1)
      .expire(`${keys.pair}:count`, window)
      .exec()) as [null, number][];
    const pairFailures = results[4]![1];
    const waitMs = this.backoffMs(pairFailures);
    // The pair key exists exactly as long as the pair must wait; its TTL is the wait.
    if (waitMs > 0) await this.redis.set(keys.pair, '1', 'PX', waitMs);
  }

  /** 0 for the first free failures, then base, 2 × base, 4 × base…, capped. */
  private backoffMs(failures: number): number {
    const excess = failures - this.config.LOGIN_FREE_FAILURES_PER_PAIR;
    if (excess <= 0) return 0;
    const base = this.config.LOGIN_BACKOFF_BASE_SECONDS * 1000;
    const wait = base * 2 ** Math.min(excess - 1, 30);
    return Math.min(wait, this.config.LOGIN_BACKOFF_MAX_SECONDS * 1000);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await this.redis
      .multi()
      .del(keys.pair, `${keys.pair}:count`)
      .set(keys.known, '1', 'EX', KNOWN_ADDRESS_SECONDS)
      .exec();
  }
}

function tooMany(secondsLeft: number): HttpException {
  const wait = waitText(Math.max(1, secondsLeft));
  return new HttpException(
    {
      message: errorText('sign_in_rate_limited', { wait }),
      retryAfter: secondsLeft,
    },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
