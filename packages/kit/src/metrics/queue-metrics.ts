import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import client from 'prom-client';
import { metrics, readQueueStats } from '@hub/runtime';

interface BacklogSource {
  queues: Queue[];
  redis: Redis;
  prefix: string;
}

/** What the gauges read at each scrape; several only when tests run several stacks in one process. */
const sources = new Set<BacklogSource>();
let gaugesRegistered = false;

/**
 * Queue depth and event-stream lag, read from Redis when Prometheus scrapes. One process (the
 * gateway) exposes them: they describe shared state, not the process. Returns the removal.
 */
export function exposeBacklogMetrics(source: BacklogSource): () => void {
  if (!gaugesRegistered) registerGauges();
  gaugesRegistered = true;
  sources.add(source);
  return () => sources.delete(source);
}

function registerGauges(): void {
  new client.Gauge({
    name: 'hub_queue_jobs',
    help: 'Jobs in a queue by state (waiting, active, failed, delayed)',
    labelNames: ['queue', 'state'] as const,
    registers: [metrics],
    async collect() {
      this.reset();
      for (const queue of [...sources].flatMap((source) => source.queues)) {
        const stats = await readQueueStats(queue);
        for (const state of ['waiting', 'active', 'failed', 'delayed'] as const)
          this.set({ queue: queue.name, state }, stats[state]);
      }
    },
  });
  new client.Gauge({
    name: 'hub_queue_organization_jobs',
    help: 'Jobs of each organization with a backlog in a shared queue, by state (waiting, active, delayed)',
    labelNames: ['queue', 'organization', 'state'] as const,
    registers: [metrics],
    async collect() {
      this.reset();
      for (const queue of [...sources].flatMap((source) => source.queues)) {
        const { organizations } = await readQueueStats(queue);
        for (const [organization, stats] of Object.entries(organizations))
          for (const state of ['waiting', 'active', 'delayed'] as const)
            this.set({ queue: queue.name, organization, state }, stats[state]);
      }
    },
  });
  new client.Gauge({
    name: 'hub_queue_oldest_waiting_seconds',
    help: 'Age of the job that has waited longest in a queue (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [metrics],
    async collect() {
      this.reset();
      for (const queue of [...sources].flatMap((source) => source.queues))
        this.set({ queue: queue.name }, (await readQueueStats(queue)).oldestWaitingSeconds ?? 0);
    },
  });
  new client.Gauge({
    name: 'hub_event_consumer_lag',
    help: 'Events on the event stream a consumer group has not read yet',
    labelNames: ['group'] as const,
    registers: [metrics],
    async collect() {
      this.reset();
      for (const { redis, prefix } of sources)
        for (const group of await readGroupLags(redis, `${prefix}events`))
          this.set({ group: group.name }, group.lag);
    },
  });
  new client.Gauge({
    name: 'hub_event_dead_letters',
    help: 'Events set aside after their handler failed for a day, retried at their service start',
    registers: [metrics],
    async collect() {
      let letters = 0;
      for (const { redis, prefix } of sources) letters += await redis.xlen(`${prefix}events:dead`);
      this.set(letters);
    },
  });
}

/** XINFO GROUPS answers flat field/value lists per group. */
async function readGroupLags(redis: Redis, stream: string) {
  const groups = (await redis.xinfo('GROUPS', stream).catch(() => [])) as unknown[][];
  return groups.map((fields) => {
    const field = (name: string) => fields[fields.indexOf(name) + 1];
    return { name: String(field('name')), lag: Number(field('lag') ?? 0) || 0 };
  });
}
