import { Redis } from 'ioredis';
import { logger } from '../logging/logger.js';

const log = logger('redis');

export interface RedisConnectionOptions {
  url: string;
  /** Every key and channel the product uses starts with it, so test runs and deployments share a server safely. */
  prefix: string;
}

/**
 * `autoPipelining` sends the commands issued in one tick together, in one write: for connections
 * that carry many small concurrent commands (RPC requests and replies), never for blocking reads.
 * `failFast`: for connections whose callers must not wait on a missing Redis (see below).
 */
export function connectRedis(
  url: string,
  name: string,
  options: { autoPipelining?: boolean; failFast?: boolean } = {},
): Redis {
  const failFast = options.failFast ?? false;
  const redis = new Redis(url, {
    connectionName: name,
    enableReadyCheck: true,
    lazyConnect: false,
    enableAutoPipelining: options.autoPipelining ?? false,
    // A fail-fast connection refuses commands while Redis is away and fails those in flight
    // when the link drops, instead of keeping them until it is back: its callers answer 503.
    enableOfflineQueue: !failFast,
    maxRetriesPerRequest: failFast ? 0 : null,
    // Reconnects at most 1 s apart, so service resumes soon after Redis is back.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  // Without a listener ioredis reports every failed reconnection as an unhandled 'error'.
  redis.on('error', (error: Error) => reportRedisError(name, error));
  return redis;
}

const lastReported = new Map<string, string>();

/** One line per connection and kind of failure while Redis is away, not one per retry. */
export function reportRedisError(name: string, error: Error): void {
  if (lastReported.get(name) === error.message) return;
  lastReported.set(name, error.message);
  setTimeout(() => lastReported.delete(name), 60_000).unref();
  log.warn({ connection: name }, error.message);
}

/** What a fail-fast connection throws while Redis is away (refused, or dropped in flight). */
export function isRedisOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message.includes("Stream isn't writeable") ||
    error.message.includes('Connection is closed')
  );
}

/** Whether a connection can send commands now; anything else means Redis is unreachable. */
export const redisIsReady = (redis: Redis) => redis.status === 'ready';

/** Waits until a connection is ready, at most `timeoutMs`; false when it did not get there. */
export function whenRedisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redisIsReady(redis)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on('ready', onReady);
  });
}

/** Parses a redis:// URL into the options BullMQ takes, so BullMQ builds its own connections. */
export function redisConnectionOptions(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
