import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { errorText } from '@hub/proto';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
const account = (email: string) => digest(email.trim().toLowerCase());

/**
 * The client a sign-in is counted against: an IPv4 address (also one IPv6-mapped), or an IPv6
 * address's /64. A host is given a whole /64 (a VPS, a home line, privacy addresses that change
 * daily), so counting each IPv6 address apart gave one attacker 2^64 fresh clients.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** How long an address that signed in to an account stays "known" to that account. */
const KNOWN_ADDRESS_SECONDS = 30 * 86400;

/** How long an attempt holds its pair at most, should its gateway die before releasing it. */
const ATTEMPT_HOLD_MS = 30_000;
/** How long an attempt waits for the one its pair has under way before it is refused. */
const ATTEMPT_WAIT_MS = 10_000;
const ATTEMPT_POLL_MS = 25;

/** What the pair's attempt key holds: the attempt waits, holds its account's place, or failed. */
const HELD = 'held';
const RESERVED = 'reserved';
const COUNTED = 'counted';

/**
 * The limits read and the account's place taken in one step: read first and counted after the
 * password was verified, guesses sent at once from many addresses all passed the account's limit.
 * KEYS: client attempts, client failures, pair wait, account failures, known pair, attempt.
 * ARGV: window, attempts per client, failures per client, failures per account.
 * Answers 0 when admitted, else the seconds to wait.
 */
const ADMIT_SCRIPT = `
local function wait(key) return math.max(1, redis.call('TTL', key)) end
local attempts = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1], 'NX')
if attempts > tonumber(ARGV[2]) then return wait(KEYS[1]) end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[3]) then return wait(KEYS[2]) end
local pairWaitMs = redis.call('PTTL', KEYS[3])
if pairWaitMs > 0 then return math.ceil(pairWaitMs / 1000) end
if redis.call('EXISTS', KEYS[5]) == 0
  and tonumber(redis.call('GET', KEYS[4]) or '0') >= tonumber(ARGV[4]) then
  return wait(KEYS[4])
end
redis.call('INCR', KEYS[4])
redis.call('EXPIRE', KEYS[4], ARGV[1], 'NX')
redis.call('SET', KEYS[6], '${RESERVED}', 'XX', 'KEEPTTL')
return 0
`;

/**
 * Ends the pair's attempt; one that did not fail gives its account's place back.
 * KEYS: attempt, account failures.
 */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == '${RESERVED}'
  and tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then
  redis.call('DECR', KEYS[2])
end
redis.call('DEL', KEYS[1])
return 0
`;

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

  private keys(email: string, address: string) {
    const ip = clientNetwork(address);
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
   * attempt holds its pair until `release`, and a place in its account's failures until its
   * outcome: guesses sent at once would otherwise all pass before the first was counted.
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
    while ((await this.redis.set(key, HELD, 'PX', ATTEMPT_HOLD_MS, 'NX')) === null) {
      if (Date.now() >= deadline) throw tooMany(1);
      await sleep(ATTEMPT_POLL_MS);
    }
  }

  /**
   * Lets the pair's next attempt in, once this one's outcome is recorded. An attempt that did
   * not fail (signed in, or refused for another reason than its password) gives its account's
   * place back; one whose gateway died keeps it, counted as a failure.
   */
  async release(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await this.redis.eval(RELEASE_SCRIPT, 2, keys.attempt, keys.email);
  }

  private async checkLimits(keys: ReturnType<LoginRateLimiter['keys']>): Promise<void> {
    const secondsLeft = Number(
      await this.redis.eval(
        ADMIT_SCRIPT,
        6,
        keys.clientAttempts,
        keys.clientFailures,
        keys.pair,
        keys.email,
        keys.known,
        keys.attempt,
        this.config.LOGIN_WINDOW_SECONDS,
        this.config.LOGIN_MAX_ATTEMPTS_PER_CLIENT,
        this.config.LOGIN_MAX_FAILURES_PER_CLIENT,
        // Many failures on one account from many addresses: a distributed guess. Addresses the
        // account signed in from before still pass (their own pair backoff still applies).
        this.config.LOGIN_MAX_FAILURES_PER_EMAIL,
      ),
    );
    if (secondsLeft > 0) throw tooMany(secondsLeft);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const window = this.config.LOGIN_WINDOW_SECONDS;
    // The account counted this failure at its admission: the attempt keeps its place.
    const results = (await this.redis
      .multi()
      .set(keys.attempt, COUNTED, 'KEEPTTL', 'XX')
      .incr(keys.clientFailures)
      .expire(keys.clientFailures, window, 'NX')
      .hincrby(`${keys.pair}:count`, 'failures', 1)
      .expire(`${keys.pair}:count`, window)
      .exec()) as [null, number][];
    const pairFailures = results[3]![1];
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
