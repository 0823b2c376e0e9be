import { Redis } from 'ioredis';

export interface RedisConnectionOptions {
  url: string;
  /** Every key and channel the product uses starts with it, so test runs and deployments share a server safely. */
  prefix: string;
}

/**
 * `autoPipelining` sends the commands issued in one tick together, in one write: for connections
 * that carry many small concurrent commands (RPC requests and replies), never for blocking reads.
 */
export function connectRedis(
  url: string,
  name: string,
  options: { autoPipelining?: boolean } = {},
): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    enableAutoPipelining: options.autoPipelining ?? false,
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
