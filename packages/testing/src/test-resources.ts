import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { claimTemplateDatabase } from './database-pool.js';
import { dropDatabase, SERVER_URL, suiteDatabaseName } from './database-server.js';
import type { DatabaseTemplate } from './database-template.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A database and a Redis key prefix that belong to one test suite alone. */
export interface TestResources {
  databaseUrl: string;
  redisPrefix: string;
  release(): Promise<void>;
}

const redisPrefixOfItsOwn = () => `test:${randomBytes(6).toString('hex')}:`;

export function claimTestResources(): TestResources {
  const databaseUrl = `${SERVER_URL}/${suiteDatabaseName()}`;
  const redisPrefix = redisPrefixOfItsOwn();
  return {
    databaseUrl,
    redisPrefix,
    async release() {
      await deleteKeys(redisPrefix);
      await dropDatabase(databaseUrl);
    },
  };
}

/**
 * A copy of the template's database and a Redis key prefix for one suite; within a run of the
 * integration project the database is emptied and used again by the worker's next suite
 * (claimTemplateDatabase).
 */
export async function claimTemplateResources(template: DatabaseTemplate): Promise<TestResources> {
  const redisPrefix = redisPrefixOfItsOwn();
  const database = await claimTemplateDatabase(template);
  return {
    databaseUrl: database.databaseUrl,
    redisPrefix,
    async release() {
      await deleteKeys(redisPrefix);
      await database.release();
    },
  };
}

export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}

export { dropDatabase } from './database-server.js';
export { freePort } from './ports.js';
export { TEST_NODE_FLAGS } from './test-node-flags.js';
export type { DatabaseTemplate } from './database-template.js';
export { migratedTemplate } from './migrated-template.js';
