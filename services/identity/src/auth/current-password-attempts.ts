import type { Redis } from 'ioredis';
import { errorText } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { verifyPassword } from './passwords.js';

/** Wrong current passwords a person may give in a window before they have to wait. */
export const CURRENT_PASSWORD_TRIES = 5;
const WINDOW_SECONDS = 15 * 60;

/**
 * Throttles the checks of a signed-in person's current password (changing the password or the
 * email asks for it): without this a session left open (a shared terminal) let anyone guess the
 * password at hashing speed, then take the account over. Counted per person in Redis, shared by
 * every identity replica: each check takes a place first, so guesses sent at once are counted
 * as if sent one after another; the right password gives the window back.
 */
export class CurrentPasswordAttempts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(userId: number): string {
    return `${this.prefix}ratelimit:current-password:${userId}`;
  }

  /**
   * Whether `password` matches the person's hash; refused with 429 once they gave the wrong one
   * too often, before the hash is even checked.
   */
  async verify(userId: number, passwordHash: string | null, password: string): Promise<boolean> {
    const key = this.key(userId);
    const [[, tries], , [, ttl]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, WINDOW_SECONDS, 'NX')
      .ttl(key)
      .exec()) as [[null, number], unknown, [null, number]];
    if (tries > CURRENT_PASSWORD_TRIES) throw tooMany(Math.max(1, ttl));
    const matches = passwordHash !== null && (await verifyPassword(passwordHash, password));
    if (matches) await this.redis.del(key);
    return matches;
  }
}

function tooMany(seconds: number): RpcFailure {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new RpcFailure('rate_limited', errorText('current_password_rate_limited', { wait }));
}
