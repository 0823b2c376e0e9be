import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { jobDuration } from '../metrics/metrics.js';
import { redisConnectionOptions, reportRedisError } from '../redis/redis.js';
import { queueTelemetry } from '../tracing/tracing.js';
import { trackJob } from './active-jobs.js';

export interface QueueConnection {
  url: string;
  prefix: string;
}

/** Failed jobs are retried with backoff; kept results are bounded so Redis does not grow. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

/** BullMQ wants its prefix without the trailing separator it adds itself. */
export const bullPrefix = (prefix: string) => `${prefix}bull`.replace(/:+$/, '');

export function openQueue<T>(name: string, connection: QueueConnection): Queue<T> {
  const queue = new Queue<T>(name, {
    connection: redisConnectionOptions(connection.url),
    prefix: bullPrefix(connection.prefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
    // While tracing, each job carries its producer's trace context in its options.
    telemetry: queueTelemetry(),
  });
  // BullMQ reconnects by itself while Redis is away; the listener keeps that quiet.
  queue.on('error', (error) => reportRedisError(`queue ${name}`, error));
  return queue;
}

export interface JobHandlerOptions {
  concurrency?: number;
  /** A job still running after this long is failed, so nothing is left processing forever. */
  lockDurationMs?: number;
}

export function startWorker<T, R>(
  name: string,
  connection: QueueConnection,
  handle: (job: Job<T>) => Promise<R>,
  options: JobHandlerOptions = {},
): Worker<T, R> {
  // Tracked so a shutdown past its grace can return the job to the queue (see shutdown.ts).
  const tracked = (job: Job<T>, token?: string) => trackJob(job, token, () => handle(job));
  const worker = new Worker<T, R>(name, tracked, {
    connection: redisConnectionOptions(connection.url),
    prefix: bullPrefix(connection.prefix),
    concurrency: options.concurrency ?? 1,
    lockDuration: options.lockDurationMs ?? 60_000,
    // While tracing, each job runs in a span whose parent is its producer's.
    telemetry: queueTelemetry(),
  });
  worker.on('error', (error) => reportRedisError(`worker ${name}`, error));
  worker.on('completed', (job) => observeJob(name, 'completed', job));
  worker.on('failed', (job) => observeJob(name, 'failed', job));
  return worker;
}

function observeJob(queue: string, outcome: 'completed' | 'failed', job: Job | undefined): void {
  const started = job?.processedOn;
  if (!started) return;
  jobDuration.observe({ queue, outcome }, ((job.finishedOn ?? Date.now()) - started) / 1000);
}
