import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType: string;
}

/**
 * Where files live: S3 (MinIO, AWS) in deployments, a folder on disk by default. Keys are made
 * by the server only (see storage-keys.ts); nothing a client sends becomes a key.
 */
export interface ObjectStorage {
  readonly kind: 's3' | 'local-disk';
  put(
    key: string,
    body: Readable | Buffer,
    contentType: string,
    size?: number,
  ): Promise<StoredObject>;
  get(key: string): Promise<Readable>;
  /** Bytes start..end inclusive, as in an HTTP Range. */
  getRange(key: string, start: number, end: number): Promise<Readable>;
  stat(key: string): Promise<StoredObject | null>;
  copy(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with prefix; answers how many. */
  removePrefix(prefix: string): Promise<number>;
  list(prefix: string): Promise<string[]>;
  ping(): Promise<void>;
  /** Stores with multipart uploads (S3): aborts those started before cutoff; answers how many. */
  abortUploadsStartedBefore?(cutoff: Date): Promise<number>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** Guards every adapter: a key can never climb out of its folder or bucket. */
export function assertSafeKey(key: string): void {
  if (
    !KEY_PATTERN.test(key) ||
    key.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

export function assertSafePrefix(prefix: string): void {
  assertSafeKey(prefix.replace(/\/$/, ''));
}
