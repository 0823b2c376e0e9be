import { shutdownGraceMs } from '../lifecycle/shutdown.js';
import { requeueActiveJobs } from '../queues/active-jobs.js';
import { z } from 'zod';
import { collectRuntimeMetrics, serveMetrics } from '../metrics/metrics.js';
import { startTracing, stopTracing } from '../tracing/tracing.js';
import { LOG_FORMATS, LOG_LEVELS, processLogger, setProcessName } from '../logging/logger.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

/** Variables every process of the product reads. */
export const BaseEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/hub'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]*$/, 'may hold only letters, digits, ":", "_" and "-"')
    .default('hub:'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** pino's levels or Nest's names for them (`log` is info, `verbose` trace); see logging/. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** JSON lines, or one readable line each; JSON in production by default. */
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
});
export type BaseEnv = z.infer<typeof BaseEnv>;

/**
 * Reads and validates environment variables; a missing or bad value throws a ConfigError
 * whose message names every offending variable.
 */
export function readConfig<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<T> {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(blanksRemoved);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

/** Prometheus metrics of a process on a port of its own; off when unset. */
export const MetricsEnv = z.object({
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/**
 * OpenTelemetry traces, sent by OTLP/HTTP to this collector address (its base, as
 * OpenTelemetry's own variable: `/v1/traces` is added); off when unset.
 */
export const TracingEnv = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:']).optional(),
});

/**
 * Runs a process's start-up; a configuration error ends it with the message and exit code 78.
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, its spans are exported from the start; with
 * METRICS_PORT set, the process then serves its Prometheus metrics there.
 */
export async function runProcess(name: string, start: () => Promise<unknown>): Promise<void> {
  setProcessName(name);
  const log = processLogger();
  try {
    const { METRICS_PORT } = readConfig(MetricsEnv);
    const { OTEL_EXPORTER_OTLP_ENDPOINT } = readConfig(TracingEnv);
    if (OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing(name, OTEL_EXPORTER_OTLP_ENDPOINT);
    await start();
    if (METRICS_PORT !== undefined) {
      collectRuntimeMetrics(name);
      const server = await serveMetrics(METRICS_PORT);
      log.info(`metrics on port ${server.port} (/metrics)`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      log.fatal(error.message);
      process.exit(78);
    }
    log.fatal({ err: error }, 'failed to start');
    process.exit(1);
  }
}

/**
 * Runs `close` on SIGTERM or SIGINT, then exits 0: `close` drains the process (HTTP requests,
 * RPCs and jobs in flight finish; nothing new is taken). When it has not finished within
 * `limitMs` (SHUTDOWN_GRACE_MS by default: a job that does not end, Redis or PostgreSQL away)
 * the jobs still running here go back to their queues, for another worker or this one after
 * its restart, and the process exits 1, saying so. Unacknowledged RPCs time out for their caller.
 */
export function stopOnSignals(
  name: string,
  close: () => Promise<unknown>,
  limitMs = shutdownGraceMs(),
): void {
  let stopping = false;
  // A process started without runProcess (a test's) is named here.
  setProcessName(name);
  const log = processLogger();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing the work in flight (up to ${limitMs} ms)`);
    setTimeout(() => void giveUp(limitMs), limitMs);
    close().then(
      // The spans of the work just finished go out before the exit.
      () => stopTracing().then(() => process.exit(0)),
      (error: unknown) => {
        log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function giveUp(limitMs: number): Promise<void> {
  const log = processLogger();
  const requeued = await requeueActiveJobs().catch((error: unknown) => {
    log.error({ err: error }, 'returning running jobs to their queues failed');
    return 0;
  });
  log.warn(
    `still stopping after ${limitMs / 1000} s: exiting now; ` +
      `${requeued} running job(s) went back to their queues.`,
  );
  process.exit(1);
}
