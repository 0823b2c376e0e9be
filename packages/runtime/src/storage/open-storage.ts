import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../config/config.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { HeldRemovals } from './backup-hold.js';
import type { ObjectStorage } from './object-storage.js';
import { S3Storage } from './s3-storage.js';

/** S3 is used when S3_ENDPOINT is set; otherwise files go below DATA_DIR/objects. */
export const StorageEnv = z.object({
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .default('hub'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Streams longer than one part go up in parts of this many MiB (S3's minimum: 5). */
  S3_PART_SIZE_MB: z.coerce.number().int().min(5).max(5120).default(16),
  /** Multipart uploads older than this are aborted by the gateway's hourly sweep. */
  S3_ABANDONED_UPLOAD_HOURS: z.coerce.number().positive().default(24),
});
export type StorageEnv = z.infer<typeof StorageEnv>;

/**
 * The store as services use it: a file removed while a backup runs is kept aside for it
 * (backup-hold.ts). The backup and restore commands open the store itself (openStoreItself).
 */
export function openStorage(env: StorageEnv & { DATA_DIR: string }): ObjectStorage {
  return new HeldRemovals(openStoreItself(env));
}

export function openStoreItself(env: StorageEnv & { DATA_DIR: string }): ObjectStorage {
  if (env.S3_ENDPOINT) {
    if (!env.S3_ACCESS_KEY || !env.S3_SECRET_KEY) {
      throw new ConfigError(['S3_ACCESS_KEY, S3_SECRET_KEY: required when S3_ENDPOINT is set']);
    }
    return new S3Storage({
      endpoint: env.S3_ENDPOINT,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      partSize: env.S3_PART_SIZE_MB * 1024 * 1024,
    });
  }
  return new LocalDiskStorage(join(env.DATA_DIR, 'objects'));
}
