import { Queue } from 'bullmq';
import { connectRedis, reportRedisError } from '../redis/redis.js';
import { readOrganizationBacklog } from './fair-queue.js';
import { bullPrefix, type QueueConnection } from './queues.js';

/** One organization's jobs in a queue that takes organizations in turn (see fair-queue.ts). */
export interface OrganizationQueueStats {
  waiting: number;
  active: number;
  delayed: number;
}

export interface QueueStats {
  waiting: number;
  active: number;
  failed: number;
  delayed: number;
  /** Age of the job that has waited longest for a worker; null when none waits. */
  oldestWaitingSeconds: number | null;
  /** Per organization id, those with jobs pending; empty for queues not shared that way. */
  organizations: Record<string, OrganizationQueueStats>;
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
  const [counts, oldest, backlog] = await Promise.all([
    queue.getJobCounts('waiting', 'prioritized', 'active', 'failed', 'delayed'),
    // Ascending: the first job of the plain wait list is the one enqueued earliest there.
    queue.getJobs(['wait'], 0, 0, true),
    // Prioritized jobs (organizations' turns) are ordered by turn: their oldest comes from here.
    readOrganizationBacklog(queue),
  ]);
  const organizations: Record<string, OrganizationQueueStats> = {};
  const enqueued = oldest.flatMap((job) => (job?.timestamp ? [job.timestamp] : []));
  for (const [organizationId, { oldestEnqueuedAt, ...state }] of backlog) {
    organizations[String(organizationId)] = state;
    if (oldestEnqueuedAt !== null) enqueued.push(oldestEnqueuedAt);
  }
  const enqueuedAt = enqueued.length ? Math.min(...enqueued) : null;
  return {
    waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
    active: counts.active ?? 0,
    failed: counts.failed ?? 0,
    delayed: counts.delayed ?? 0,
    oldestWaitingSeconds:
      enqueuedAt === null ? null : Math.max(0, Math.round((now - enqueuedAt) / 1000)),
    organizations,
  };
}
