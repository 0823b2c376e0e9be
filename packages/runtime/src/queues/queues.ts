import {
  DelayedError,
  Queue,
  UnrecoverableError,
  WaitingChildrenError,
  Worker,
  type Job,
  type JobSchedulerTemplateOptions,
  type JobsOptions,
  type QueueOptions,
  type RepeatOptions,
} from 'bullmq';
import type { AnyQueueContract, QueueJobData } from '@hub/proto';
import { z } from 'zod';
import { readConfig } from '../config/config.js';
import { logger } from '../logging/logger.js';
import { jobDuration } from '../metrics/metrics.js';
import { redisConnectionOptions, reportRedisError } from '../redis/redis.js';
import { runInScope } from '../tracing/trace-context.js';
import {
  currentTraceCarrier,
  queueTelemetry,
  receivedScope,
  type TraceCarrier,
  tracingOn,
} from '../tracing/tracing.js';
import { trackJob } from './active-jobs.js';
import { isStorageFault } from '../storage/storage-fault.js';

const log = logger('jobs');

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

/**
 * A job's data parsed against its contract: the schema of its job name. A job of a name the
 * contract does not declare, or whose data does not parse, is refused with a message naming both.
 */
export function parseJob<C extends AnyQueueContract>(
  contract: C,
  name: string,
  data: unknown,
): QueueJobData<C> {
  const schema = Object.hasOwn(contract.jobs, name) ? contract.jobs[name] : undefined;
  if (!schema) throw new InvalidJobError(`${contract.name} has no job "${name}"`);
  const parsed = (schema as z.ZodType).safeParse(data);
  if (!parsed.success) {
    throw new InvalidJobError(
      `Invalid ${contract.name} job "${name}": ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data as QueueJobData<C>;
}

export class InvalidJobError extends Error {
  override name = 'InvalidJobError';
}

/**
 * The job options with the producer's trace context while tracing is off, where bullmq-otel
 * puts it while tracing is on (`telemetry.metadata`: the W3C carrier as JSON), so a job's
 * trace travels one way in both modes and either side may have tracing on. With tracing on,
 * BullMQ puts its producer span's context there itself.
 */
export function withTraceContext(options: JobsOptions | undefined): JobsOptions | undefined {
  if (tracingOn() || options?.telemetry) return options;
  const carrier = currentTraceCarrier();
  return carrier ? { ...options, telemetry: { metadata: JSON.stringify(carrier) } } : options;
}

/** The trace context a job was added with, if any (see `withTraceContext`). */
export function jobTraceCarrier(job: Pick<Job, 'opts'>): TraceCarrier | undefined {
  const metadata = job.opts.telemetry?.metadata;
  if (!metadata) return undefined;
  try {
    const carrier: unknown = JSON.parse(metadata);
    return typeof carrier === 'object' && carrier !== null ? (carrier as TraceCarrier) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a job's work in its producer's trace (a new trace for a job added outside any: a
 * schedule's). With tracing on, BullMQ's consumer span already is active around it.
 */
function inJobTrace<R>(job: Job, work: () => Promise<R>): Promise<R> {
  return tracingOn() ? work() : runInScope(receivedScope(jobTraceCarrier(job)), work);
}

/** A queue whose jobs carry their producer's trace context (see `withTraceContext`). */
class TracedQueue extends Queue<unknown> {
  override async add(name: string, data: unknown, options?: JobsOptions) {
    return super.add(name as never, data, withTraceContext(options));
  }

  override async addBulk(jobs: { name: string; data: unknown; opts?: JobsOptions }[]) {
    return super.addBulk(
      jobs.map((job) => ({ ...job, opts: withTraceContext(job.opts) })) as never,
    );
  }
}

/** A queue of a contract: `add` parses the data and names the job by the contract's rule. */
class ContractQueue extends TracedQueue {
  constructor(
    readonly contract: AnyQueueContract,
    options: QueueOptions,
  ) {
    super(contract.name, options);
  }

  override async add(name: string, data: unknown, options?: JobsOptions) {
    const parsed = parseJob(this.contract, name, data);
    const jobId = options?.jobId ?? this.contract.jobId?.(parsed);
    return super.add(name, parsed, {
      ...this.contract.options,
      ...options,
      ...(jobId === undefined ? {} : { jobId }),
    });
  }

  /**
   * A schedule's jobs are the contract's jobs too: its options (attempts, backoff) apply to them,
   * under the template's own; BullMQ gives them only the queue's defaults.
   */
  override async upsertJobScheduler(
    id: string,
    repeat: Omit<RepeatOptions, 'key'>,
    template?: { name?: string; data?: unknown; opts?: JobSchedulerTemplateOptions },
  ) {
    return super.upsertJobScheduler(id, repeat, {
      ...template,
      opts: { ...this.contract.options, ...template?.opts },
    });
  }

  override async addBulk(jobs: { name: string; data: unknown; opts?: JobsOptions }[]) {
    return super.addBulk(
      jobs.map((job) => {
        const parsed = parseJob(this.contract, job.name, job.data);
        const jobId = job.opts?.jobId ?? this.contract.jobId?.(parsed);
        return {
          name: job.name,
          data: parsed,
          opts: {
            ...this.contract.options,
            ...job.opts,
            ...(jobId === undefined ? {} : { jobId }),
          },
        };
      }),
    );
  }
}

/** The contract a queue was opened with (undefined for a queue opened by name). */
export function queueContract(queue: object): AnyQueueContract | undefined {
  return queue instanceof ContractQueue ? queue.contract : undefined;
}

/**
 * Opens a queue to add jobs to. Given its contract (`QUEUE_CONTRACTS` in proto), every add is
 * parsed against the job name's schema and gets the contract's job id and options; given only a
 * name (tests, tools), data goes as it is.
 */
export function openQueue<C extends AnyQueueContract>(
  contract: C,
  connection: QueueConnection,
): Queue<QueueJobData<C>>;
export function openQueue<T>(name: string, connection: QueueConnection): Queue<T>;
export function openQueue(
  target: string | AnyQueueContract,
  connection: QueueConnection,
): Queue<unknown> {
  const name = typeof target === 'string' ? target : target.name;
  const options = {
    connection: redisConnectionOptions(connection.url),
    prefix: bullPrefix(connection.prefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
    // While tracing, each job carries its producer's trace context in its options.
    telemetry: queueTelemetry(),
  };
  const queue: Queue<unknown> =
    typeof target === 'string'
      ? new TracedQueue(name, options)
      : new ContractQueue(target, options);
  // BullMQ reconnects by itself while Redis is away; the listener keeps that quiet.
  queue.on('error', (error) => reportRedisError(`queue ${name}`, error));
  return queue;
}

/**
 * How workers notice that the process working on a job died: its lock, renewed at half its
 * duration while the process lives, expires, and the next stall check (of any worker on the
 * queue) puts the job back in the queue. Short values let tests see a dead worker in a second.
 */
export const StallEnv = z.object({
  JOB_LOCK_MS: z.coerce.number().int().min(200).default(60_000),
  JOB_STALL_CHECK_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long a job the object store refused (away or full) waits before it runs again. */
  JOB_STORAGE_RETRY_MS: z.coerce.number().int().min(100).default(15_000),
});

/** A job during which its worker process died this many times is not run again. */
export const POISON_STALLS = 2;

/** BullMQ's own reason when it fails a job that stalled more than `maxStalledCount` times. */
export const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

/**
 * What becomes of a job during which the worker process died `POISON_STALLS` times (it ran out of
 * memory, crashed, or was killed): it fails with `reason`, is never retried automatically, and
 * `report` tells the owning service. `report` may run twice for one job (the process may die
 * between reporting and failing the job), so what it sends must be idempotent.
 */
export interface PoisonPolicy<T> {
  reason: string;
  report: (job: Job<T>, reason: string) => Promise<void>;
}

export interface JobHandlerOptions<T = unknown> {
  concurrency?: number;
  /** A job still running after this long is failed, so nothing is left processing forever. */
  lockDurationMs?: number;
  /** Without one, a job stalled twice still fails (BullMQ's reason), but nobody is told. */
  poison?: PoisonPolicy<T>;
}

/**
 * Starts the worker of a queue. Given its contract, each job's data is parsed against its job
 * name's schema before `handle` sees it: a job that does not parse fails at once and for good
 * (`UnrecoverableError`), as retrying the same input cannot help. `handle` gets the job's lock
 * token too, for a job that waits for children it added (`moveToWaitingChildren`).
 */
export function startWorker<C extends AnyQueueContract, R>(
  contract: C,
  connection: QueueConnection,
  handle: (job: Job<QueueJobData<C>>, token?: string) => Promise<R>,
  options?: JobHandlerOptions<QueueJobData<C>>,
): Worker<QueueJobData<C>, R>;
export function startWorker<T, R>(
  name: string,
  connection: QueueConnection,
  handle: (job: Job<T>, token?: string) => Promise<R>,
  options?: JobHandlerOptions<T>,
): Worker<T, R>;
export function startWorker<T, R>(
  target: string | AnyQueueContract,
  connection: QueueConnection,
  handleJob: (job: Job<T>, token?: string) => Promise<R>,
  options: JobHandlerOptions<T> = {},
): Worker<T, R> {
  const name = typeof target === 'string' ? target : target.name;
  const handle = typeof target === 'string' ? handleJob : parsingFirst(target, handleJob);
  const stalls = readConfig(StallEnv);
  const { poison } = options;
  const run = poison ? refusePoison(handle, poison) : handle;
  // Tracked so a shutdown past its grace can return the job to the queue (see shutdown.ts).
  // Its lines are logged inside the job's trace: they carry its producer's trace id.
  const tracked = (job: Job<T>, token?: string) => inJobTrace(job, () => runTracked(job, token));
  const runTracked = async (job: Job<T>, token?: string) => {
    const about = { queue: name, jobId: job.id, job: job.name };
    const startedAt = performance.now();
    log.debug(about, 'job started');
    try {
      const result = await trackJob(job, token, () => run(job, token));
      log.debug(about, `job done in ${Math.round(performance.now() - startedAt)} ms`);
      return result;
    } catch (error) {
      // The job waits for the jobs it added (BullMQ runs it again when they have ended).
      if (error instanceof WaitingChildrenError) throw error;
      // The object store away or full is nobody's fault and passes: the job waits for it, as
      // often as it takes, instead of using up its attempts and being reported failed. It runs
      // again by itself once the store is back (no attempt counted, nothing to retry by hand).
      if (isStorageFault(error) && token) {
        log.warn(
          about,
          `object store ${error.fault}: job runs again in ${stalls.JOB_STORAGE_RETRY_MS} ms`,
        );
        await job.moveToDelayed(Date.now() + stalls.JOB_STORAGE_RETRY_MS, token);
        throw new DelayedError();
      }
      log.warn(about, `job failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  };
  const worker = new Worker<T, R>(name, tracked, {
    connection: redisConnectionOptions(connection.url),
    prefix: bullPrefix(connection.prefix),
    concurrency: options.concurrency ?? 1,
    lockDuration: options.lockDurationMs ?? stalls.JOB_LOCK_MS,
    stalledInterval: stalls.JOB_STALL_CHECK_MS,
    // With a policy, the job's handler refuses it after the second death (see refusePoison);
    // BullMQ fails it by itself only if the process dies once more while that is reported.
    maxStalledCount: poison ? POISON_STALLS : POISON_STALLS - 1,
    // While tracing, each job runs in a span whose parent is its producer's.
    telemetry: queueTelemetry(),
  });
  worker.on('error', (error) => reportRedisError(`worker ${name}`, error));
  worker.on('completed', (job) => observeJob(name, 'completed', job));
  worker.on('failed', (job, error) => {
    observeJob(name, 'failed', job);
    // The other failures were logged by the job itself (above).
    if (!job || error.message === STALLED_TOO_OFTEN) {
      log.warn({ queue: name, jobId: job?.id }, `job failed: ${error.message}`);
    }
    // Failed by BullMQ without the handler running: the report is made here instead.
    if (poison && job && error.message === STALLED_TOO_OFTEN) {
      poison.report(job, poison.reason).catch((failure: unknown) => {
        log.error({ queue: name, jobId: job.id, err: failure }, 'poison job not reported');
      });
    }
  });
  return worker;
}

/** The handler of a contract's queue sees parsed data only; a bad payload fails for good. */
function parsingFirst<T, R>(
  contract: AnyQueueContract,
  handle: (job: Job<T>, token?: string) => Promise<R>,
) {
  return async (job: Job<T>, token?: string): Promise<R> => {
    try {
      job.data = parseJob(contract, job.name, job.data) as T;
    } catch (error) {
      if (error instanceof InvalidJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
    return handle(job, token);
  };
}

/**
 * A job whose process died `POISON_STALLS` times while running it is reported and failed for good
 * instead of run again: the same input would most likely kill the next process too.
 */
function refusePoison<T, R>(
  handle: (job: Job<T>, token?: string) => Promise<R>,
  poison: PoisonPolicy<T>,
) {
  return async (job: Job<T>, token?: string): Promise<R> => {
    if (job.stalledCounter < POISON_STALLS) return handle(job, token);
    await poison.report(job, poison.reason);
    throw new UnrecoverableError(poison.reason);
  };
}

function observeJob(queue: string, outcome: 'completed' | 'failed', job: Job | undefined): void {
  const started = job?.processedOn;
  if (!started) return;
  jobDuration.observe({ queue, outcome }, ((job.finishedOn ?? Date.now()) - started) / 1000);
}
