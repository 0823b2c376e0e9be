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
  private readonly deadlineMs: number;
  private readonly timer: NodeJS.Timeout;
  private hung = false;
  private pinging = false;
  private readonly hungListeners = new Set<() => void>();

  constructor(url: string, name: string, options: RedisLivenessOptions = {}) {
    this.deadlineMs = options.deadlineMs ?? 1500;
    this.redis = new Redis(url, {
      connectionName: `${name}:liveness`,
      // Only drops PINGs queued behind a hung one; the deadline is answerWithin's.
      commandTimeout: this.deadlineMs * 10,
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
      const answer = await this.answerWithin(this.deadlineMs);
      if (answer === 'answered') {
        if (this.hung) log.warn('answers again');
        this.hung = false;
      } else if (answer === 'late' && !this.hung) {
        log.warn('does not answer a PING within its deadline: treated as an outage');
        this.hung = true;
        for (const listener of this.hungListeners) listener();
      }
    } finally {
      this.pinging = false;
    }
  }

  /**
   * Whether a PING is answered within the deadline. When the deadline's timer fires, the loop
   * first reads what its sockets hold (a turn of I/O before the check phase): a process whose
   * own work held the loop past the deadline (a face analysis, a large parse) finds the answer
   * that came in meanwhile instead of taking itself for a hung Redis. A refused PING (the
   * connection closing) is neither: the connection's status tells that.
   */
  private answerWithin(deadlineMs: number): Promise<'answered' | 'late' | 'refused'> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (answer: 'answered' | 'late' | 'refused') => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(answer);
      };
      const deadline = setTimeout(() => setImmediate(() => settle('late')), deadlineMs);
      this.redis.ping().then(
        () => settle('answered'),
        () => settle('refused'),
      );
    });
  }

  close(): void {
    clearInterval(this.timer);
    this.redis.disconnect();
  }
}
