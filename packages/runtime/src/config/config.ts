import { z } from 'zod';
import { LOG_FORMATS, LOG_LEVELS } from '../logging/logger.js';

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

/** A service's sessions to PostgreSQL at most, unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** Variables every process of the product reads. */
export const BaseEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/hub'),
  /**
   * Sessions each service's pool opens to PostgreSQL at most. Five services of ten are half of
   * PostgreSQL's default hundred, so a deployment with replicas sets fewer.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(DEFAULT_DATABASE_POOL_SIZE),
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
 * Whether a process gives its memory back when it falls idle after work (lifecycle/idle-memory.ts):
 * on unless `off` (to compare, or where a GC of up to a few hundred ms after a quiet spell is unwelcome).
 */
export const IdleMemoryEnv = z.object({
  RELEASE_MEMORY_WHEN_IDLE: z.enum(['on', 'off']).default('on'),
});

/**
 * OpenTelemetry traces, sent by OTLP/HTTP to this collector address (its base, as
 * OpenTelemetry's own variable: `/v1/traces` is added); off when unset.
 */
export const TracingEnv = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:']).optional(),
});

/**
 * How long a process may take, after SIGTERM, to finish what it has started (see
 * stopOnSignals). The default stays below the launcher's 15 s per part; under Kubernetes
 * (30 s termination grace) 25 s fits.
 */
export const ShutdownEnv = z.object({
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
});

export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  return readConfig(ShutdownEnv, env).SHUTDOWN_GRACE_MS;
}
