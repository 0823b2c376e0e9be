import { z } from 'zod';
import { collectRuntimeMetrics, serveMetrics } from '../metrics/metrics.js';

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
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
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
 * Runs a process's start-up; a configuration error ends it with the message and exit code 78.
 * With METRICS_PORT set, the process then serves its Prometheus metrics there.
 */
export async function runProcess(name: string, start: () => Promise<unknown>): Promise<void> {
  try {
    const { METRICS_PORT } = readConfig(MetricsEnv);
    await start();
    if (METRICS_PORT !== undefined) {
      collectRuntimeMetrics(name);
      const server = await serveMetrics(METRICS_PORT);
      console.log(`[${name}] metrics on port ${server.port} (/metrics)`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[${name}] ${error.message}`);
      process.exit(78);
    }
    console.error(`[${name}] failed to start:`, error);
    process.exit(1);
  }
}

/**
 * The longest a process takes to stop once asked (SIGTERM, Ctrl-C), whatever is down: closing
 * waits on Redis and PostgreSQL, which may be gone. Below the launcher's 15 s per part.
 */
export const STOP_LIMIT_MS = 10_000;

/**
 * Runs `close` on SIGTERM or SIGINT, then exits; when it has not finished within `limitMs`
 * (Redis or PostgreSQL away, a job that does not end) the process exits anyway, saying so.
 * Work cut off this way is not lost: unacknowledged RPCs time out for their caller and
 * BullMQ hands a stalled job to another worker.
 */
export function stopOnSignals(
  name: string,
  close: () => Promise<unknown>,
  limitMs = STOP_LIMIT_MS,
): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.warn(`[${name}] still stopping after ${limitMs / 1000} s: exiting now.`);
      process.exit(1);
    }, limitMs);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`[${name}] stopping failed:`, error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
