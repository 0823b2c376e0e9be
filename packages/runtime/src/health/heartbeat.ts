import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisConnectionOptions } from '../redis/redis.js';

/** How often a worker says it is alive, and after how long without a word it counts as gone. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
export const HEARTBEAT_STALE_MS = 15_000;

/** One sorted set per worker kind: member = instance, score = its last heartbeat (ms). */
const heartbeatKey = (prefix: string, kind: string) => `${prefix}heartbeats:${kind}`;

export interface Heartbeat {
  stop(): Promise<void>;
}

/**
 * Writes this process's heartbeat for its worker kind until stopped; stopping removes it, so
 * a replica that shuts down cleanly is not counted while its entry ages out.
 */
export function startHeartbeat(connection: RedisConnectionOptions, kind: string): Heartbeat {
  const redis = connectRedis(connection.url, `${kind}-heartbeat`);
  const instance = `${hostname()}:${process.pid}`;
  const key = heartbeatKey(connection.prefix, kind);
  const beat = () =>
    redis
      .multi()
      .zadd(key, Date.now(), instance)
      .zremrangebyscore(key, '-inf', Date.now() - 4 * HEARTBEAT_STALE_MS)
      .exec()
      .catch(() => undefined);
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await redis.zrem(key, instance).catch(() => undefined);
      redis.disconnect();
    },
  };
}

export interface WorkerPresence {
  /** Instances heard from within HEARTBEAT_STALE_MS. */
  instances: number;
  lastSeenAt: string | null;
}

export async function readHeartbeats(
  redis: Redis,
  prefix: string,
  kind: string,
  now = Date.now(),
): Promise<WorkerPresence> {
  const key = heartbeatKey(prefix, kind);
  const [alive, latest] = await Promise.all([
    redis.zcount(key, now - HEARTBEAT_STALE_MS, '+inf'),
    redis.zrange(key, 0, 0, 'REV', 'WITHSCORES'),
  ]);
  const lastSeen = latest[1] === undefined ? null : Number(latest[1]);
  return {
    instances: alive,
    lastSeenAt: lastSeen === null ? null : new Date(lastSeen).toISOString(),
  };
}
