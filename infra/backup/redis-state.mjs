// The Redis state of the timeline a restore discards: jobs queued, finished and failed (their ids
// come back with the database's sequences, so a new upload could be taken for a job already
// done and dropped as its duplicate), events no service has read yet (an organization deleted
// after the backup would be deleted again), caches and rate limits. A restore empties it; the
// work the restored database shows mid-way is handed back by markInterruptedWork.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { BaseEnv } from '@hub/runtime';
import { answersRedis } from '../launcher/ports.mjs';
import { isLoopback } from '../launcher/postgres.mjs';
import { dataDirOf } from './postgres-tools.mjs';

/** What the launcher's own redis-server keeps in $DATA_DIR/redis (launcher/redis.mjs). */
const EMBEDDED_FILES = ['appendonlydir', 'appendonly.aof', 'dump.rdb'];

/**
 * Empties the product's Redis: its keys under REDIS_PREFIX when Redis answers, else the files
 * of the launcher's own redis-server when it is stopped. Answers what it did, for the log.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string>}
 */
export async function forgetRedisState(env) {
  const { REDIS_URL, REDIS_PREFIX } = BaseEnv.pick({ REDIS_URL: true, REDIS_PREFIX: true }).parse(
    env,
  );
  const url = new URL(REDIS_URL);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(url.port || 6379);
  if (REDIS_PREFIX === '') {
    return `REDIS_PREFIX is empty, so the product's keys cannot be told from others': before starting the product, empty the Redis database at ${host}:${port} (the queues and events of before the restore).`;
  }
  if (await answersRedis(host, port)) {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    try {
      // Inside the try: a refused connection (a wrong password) is disconnected too, where ioredis
      // would otherwise go on reconnecting for the rest of the process.
      await redis.connect();
      const nested = await nestedStack(redis, REDIS_PREFIX);
      if (nested !== null)
        return `Redis at ${host}:${port} holds another stack's keys under "${REDIS_PREFIX}" (${nested}): nothing was removed there. Before starting the product, delete the keys of this stack under "${REDIS_PREFIX}" yourself.`;
      const removed = await removeKeys(redis, REDIS_PREFIX);
      return `Emptied Redis at ${host}:${port}: ${removed} keys under "${REDIS_PREFIX}" (queues, events and caches of before the restore).`;
    } finally {
      redis.disconnect();
    }
  }
  const folder = path.join(dataDirOf(env), 'redis');
  if (isLoopback(host) && existsSync(folder)) {
    for (const name of EMBEDDED_FILES)
      rmSync(path.join(folder, name), { recursive: true, force: true });
    return `Emptied the embedded Redis's files in ${folder}: it starts empty with the product.`;
  }
  return `Redis at ${host}:${port} does not answer: before starting the product, delete its keys under "${REDIS_PREFIX}" (the queues and events of before the restore).`;
}

/**
 * Every key of this prefix, a page at a time.
 * @param {Redis} redis @param {string} prefix
 */
async function* keysUnder(redis, prefix) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    yield keys;
    cursor = next;
  } while (cursor !== '0');
}

/**
 * The prefix of another stack whose keys sit under this one's ("hub:" and "hub:staging:"), or
 * null: this stack's queues are `<prefix>bull:<queue>`, another stack's `<prefix><more>bull:`.
 * @param {Redis} redis @param {string} prefix
 */
async function nestedStack(redis, prefix) {
  for await (const keys of keysUnder(redis, prefix))
    for (const key of keys) {
      const rest = key.slice(prefix.length);
      const at = rest.indexOf('bull:');
      if (at > 0) return `${prefix}${rest.slice(0, at)}`;
    }
  return null;
}

/** @param {Redis} redis @param {string} prefix */
async function removeKeys(redis, prefix) {
  let removed = 0;
  for await (const keys of keysUnder(redis, prefix))
    if (keys.length > 0) removed += await redis.unlink(...keys);
  return removed;
}
