import { pingPostgres, type SqlRunner } from '../database/liveness.repository.js';
import type { Redis } from 'ioredis';
import type { ComponentHealth } from '@hub/proto';

async function timed(check: () => Promise<unknown>, timeoutMs = 2000): Promise<ComponentHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return {
      status: 'down',
      latencyMs: null,
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The database answers `SELECT 1`: a TypeORM data source, or a plain pg pool (the gateway's). */
export const probePostgres = (database: SqlRunner) => timed(() => pingPostgres(database));
export const probeRedis = (redis: Redis) => timed(() => redis.ping());
export const probe = timed;
