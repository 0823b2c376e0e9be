import { pingPostgres, type SqlRunner } from '../database/liveness.repository.js';
import type { Redis } from 'ioredis';
import type { ComponentHealth } from '@hub/proto';
import { isStorageFault, type ObjectStorage } from '@hub/runtime';

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

/**
 * The object store answers (S3: its bucket is asked for; the local disk: its folder is there).
 * Down with the reason in words, and the store's own error beside it for whoever fixes it.
 */
export const probeStorage = (storage: Pick<ObjectStorage, 'ping'>) =>
  timed(async () => {
    try {
      await storage.ping();
    } catch (error) {
      if (!isStorageFault(error)) throw error;
      const what = error.fault === 'full' ? 'is full' : 'cannot be reached';
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new Error(`the file store ${what}${cause}`, { cause: error });
    }
  });
