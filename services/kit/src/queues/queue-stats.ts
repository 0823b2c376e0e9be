import { Queue } from 'bullmq';
import { connectRedis, reportRedisError } from '../redis/redis.js';
import { bullPrefix, type QueueConnection } from './queues.js';

export interface QueueStats {
  waiting: number;
  active: number;
  failed: number;
  delayed: number;
  /** Age of the job that has waited longest for a worker; null when none waits. */
  oldestWaitingSeconds: number | null;
}

export interface ObservedQueues {
  queues: Queue[];
  close(): Promise<void>;
}

/** Every named queue on one shared connection: for reading their state, not for working on them. */
export function observeQueues(
  names: readonly string[],
  connection: QueueConnection,
): ObservedQueues {
  const redis = connectRedis(connection.url, 'queue-observer');
  const queues = names.map((name) => {
    const queue = new Queue(name, { connection: redis, prefix: bullPrefix(connection.prefix) });
    queue.on('error', (error) => reportRedisError('queue-observer', error));
    return queue;
  });
  return {
    queues,
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
      redis.disconnect();
    },
  };
}

export async function readQueueStats(queue: Queue, now = Date.now()): Promise<QueueStats> {
  const [counts, oldest] = await Promise.all([
    queue.getJobCounts('waiting', 'prioritized', 'active', 'failed', 'delayed'),
    // Ascending: the first waiting job is the one enqueued earliest (the product sets no priorities).
    queue.getJobs(['wait'], 0, 0, true),
  ]);
  const enqueuedAt = oldest[0]?.timestamp ?? null;
  return {
    waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
    active: counts.active ?? 0,
    failed: counts.failed ?? 0,
    delayed: counts.delayed ?? 0,
    oldestWaitingSeconds:
      enqueuedAt === null ? null : Math.max(0, Math.round((now - enqueuedAt) / 1000)),
  };
}
