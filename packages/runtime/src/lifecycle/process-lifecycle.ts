import { requeueActiveJobs } from '../queues/active-jobs.js';
import { releaseMemoryWhenIdle } from './idle-memory.js';
import { collectRuntimeMetrics, serveMetrics } from '../metrics/metrics.js';
import { startTracing, stopTracing } from '../tracing/tracing.js';
import { processLogger, setProcessName } from '../logging/logger.js';
import {
  ConfigError,
  IdleMemoryEnv,
  MetricsEnv,
  readConfig,
  shutdownGraceMs,
  TracingEnv,
} from '../config/config.js';

/**
 * Runs a process's start-up; a configuration error ends it with the message and exit code 78.
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, its spans are exported from the start; with
 * METRICS_PORT set, the process then serves its Prometheus metrics there. Once started, it
 * gives its memory back after each busy spell when it falls idle (idle-memory.ts), unless
 * RELEASE_MEMORY_WHEN_IDLE is `off`.
 */
export async function runProcess(name: string, start: () => Promise<unknown>): Promise<void> {
  setProcessName(name);
  const log = processLogger();
  try {
    const { METRICS_PORT } = readConfig(MetricsEnv);
    const { OTEL_EXPORTER_OTLP_ENDPOINT } = readConfig(TracingEnv);
    if (OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing(name, OTEL_EXPORTER_OTLP_ENDPOINT);
    await start();
    if (readConfig(IdleMemoryEnv).RELEASE_MEMORY_WHEN_IDLE === 'on') releaseMemoryWhenIdle();
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
