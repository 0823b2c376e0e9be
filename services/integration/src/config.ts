import { z } from 'zod';
import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const IntegrationEnv = BaseEnv.extend(StorageEnv.shape)
  .extend({
    /** 32 bytes, base64 or hex: encrypts camera-system credentials at rest (AES-256-GCM). */
    INTEGRATION_SECRET_KEY: z.string().optional(),
    /** Earlier keys, comma-separated: credentials under them are re-encrypted at start-up. */
    INTEGRATION_SECRET_KEYS_OLD: z.string().optional(),
    /** One HTTP call to the camera provider may take this long. */
    PROVIDER_TIMEOUT_MS: positiveInt(3000),
    PROVIDER_MAX_ATTEMPTS: positiveInt(3),
    /** Backoff before attempt n+1 is this times 2^(n-1). */
    PROVIDER_BACKOFF_MS: positiveInt(200),
    /** A 429 asking to wait longer than this fails at once instead of holding the caller. */
    PROVIDER_MAX_RETRY_AFTER_MS: positiveInt(5000),
    PROVIDER_BREAKER_FAILURES: positiveInt(5),
    PROVIDER_BREAKER_RESET_MS: positiveInt(30_000),
    /** People seen by a camera within this many minutes count as present on the floor. */
    FLOOR_PRESENCE_MINUTES: positiveInt(15),
    /** Sensor readings older than this count as no reading ('Unknown'). */
    FLOOR_READING_MAX_AGE_MINUTES: positiveInt(30),
    /** Presence events older than this are deleted (checked hourly). */
    PRESENCE_RETENTION_DAYS: positiveInt(30),
    /** Ticks (an organization's cameras at one interval) taken at once; 4 cameras each at once. */
    SNAPSHOT_CONCURRENCY: positiveInt(4),
    /**
     * A snapshot run still pending this many hours after its picture is failed (checked hourly):
     * far past the minutes a tick, its identification and their retries take.
     */
    SNAPSHOT_STALE_HOURS: positiveInt(6),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.INTEGRATION_SECRET_KEY)
      context.addIssue({
        code: 'custom',
        path: ['INTEGRATION_SECRET_KEY'],
        message: 'is required in production (32 random bytes, base64 or hex)',
      });
  });
export type IntegrationConfig = z.infer<typeof IntegrationEnv>;

export const SECRET_BOX = Symbol('SECRET_BOX');
export const PROVIDERS = Symbol('PROVIDERS');
export const RPC = Symbol('RPC');
export const FLOOR_SETTINGS = Symbol('FLOOR_SETTINGS');
export const SCHEDULES = Symbol('SCHEDULES');
export const STORAGE = Symbol('STORAGE');

export interface FloorSettings {
  presenceMinutes: number;
  readingMaxAgeMinutes: number;
  /** Of organizations that set none. */
  defaultRetentionDays: number;
}

export const readIntegrationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(IntegrationEnv, env);
