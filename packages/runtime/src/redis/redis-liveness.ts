import { Redis } from 'ioredis';
import { logger } from '../logging/logger.js';
import { reportRedisError } from './redis.js';

const log = logger('redis');

export interface RedisLivenessOptions {
  /** How often it pings. */
  intervalMs?: number;
  /** A ping not answered within this long means Redis hangs. */
  deadlineMs?: number;
}

/**
 * Watches that Redis answers, not only that its connections are open: a Redis that accepts
 * connections and answers nothing (stopped with SIGSTOP, swapping, a stuck disk under its
 * append-only file) keeps every connection "ready" while each command waits forever. A PING on
 * a connection of its own, with a deadline, tells within `intervalMs + deadlineMs`.
 */
export class RedisLiveness {
  private readonly redis: Redis;
  private readonly timer: NodeJS.Timeout;
  private hung = false;
  private pinging = false;
  private readonly hungListeners = new Set<() => void>();

  constructor(url: string, name: string, options: RedisLivenessOptions = {}) {
    const deadlineMs = options.deadlineMs ?? 1500;
    this.redis = new Redis(url, {
      connectionName: `${name}:liveness`,
      commandTimeout: deadlineMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    this.redis.on('error', (error: Error) => reportRedisError(`${name}:liveness`, error));
    this.timer = setInterval(() => void this.ping(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** False once a ping missed its deadline, until one is answered again. */
  get answering(): boolean {
    return !this.hung;
  }

  /** Called each time Redis is found hanging: calls waiting on it can be failed at once. */
  onHung(listener: () => void): void {
    this.hungListeners.add(listener);
  }

  private async ping(): Promise<void> {
    // While one ping waits out its deadline, the next would only queue behind it.
    if (this.pinging || this.redis.status !== 'ready') return;
    this.pinging = true;
    try {
      await this.redis.ping();
      if (this.hung) log.warn('answers again');
      this.hung = false;
    } catch (error) {
      if (!this.hung && error instanceof Error && error.message.includes('timed out')) {
        log.warn('does not answer a PING within its deadline: treated as an outage');
        this.hung = true;
        for (const listener of this.hungListeners) listener();
      }
    } finally {
      this.pinging = false;
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.redis.disconnect();
  }
}
