import type { Readable } from 'node:stream';
import type { Client } from 'minio';
import { abortUploadsStartedBefore } from './s3-abandoned-uploads.js';
import { isS3Error, loadMinio } from './minio-loader.js';
import { guarded } from './storage-fault.js';
import { MIN_PART_BYTES, putStream } from './s3-multipart.js';
import {
  assertSafeKey,
  assertSafePrefix,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.js';

export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /**
   * Streams longer than this go up as a multipart upload of parts this size (at least 5 MiB);
   * the gateway holds two parts per upload in memory. Default 16 MiB: a 2 GB video is 128 parts.
   */
  partSize?: number;
}

export const DEFAULT_PART_BYTES = 16 * 1024 * 1024;

const isMissing = (error: unknown) => isS3Error(error, 'NoSuchKey', 'NotFound', 'NoSuchBucket');

/**
 * Any S3-protocol server (MinIO, AWS S3, ...), through the minio client. A server that cannot be
 * reached, or that answers it is full (MinIO's XMinioStorageFull), fails with a StorageFault;
 * the bucket check is forgotten when it fails, so the next call reconnects by itself.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly endpoint: URL;
  private connected?: Client;
  private bucketReady?: Promise<void>;
  private readonly partSize: number;

  constructor(private readonly settings: S3Settings) {
    this.partSize = settings.partSize ?? DEFAULT_PART_BYTES;
    if (this.partSize < MIN_PART_BYTES) throw new Error('S3 part size must be at least 5 MiB');
    this.endpoint = new URL(settings.endpoint);
  }

  /** The client once minio is loaded and the bucket exists: awaited by every operation. */
  private async bucket(): Promise<Client> {
    this.bucketReady ??= (async () => {
      const { Client } = await loadMinio();
      const url = this.endpoint;
      this.connected ??= new Client({
        endPoint: url.hostname,
        port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        useSSL: url.protocol === 'https:',
        accessKey: this.settings.accessKey,
        secretKey: this.settings.secretKey,
        region: this.settings.region,
        pathStyle: true,
      });
      const client = this.connected;
      if (!(await client.bucketExists(this.settings.bucket))) {
        await client
          .makeBucket(this.settings.bucket, this.settings.region)
          .catch((error: unknown) => {
            if (!isS3Error(error, 'BucketAlreadyOwnedByYou')) throw error;
          });
      }
    })().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    await this.bucketReady;
    return this.connected as Client;
  }

  async put(
    key: string,
    body: Readable | Buffer,
    contentType: string,
    size?: number,
  ): Promise<StoredObject> {
    assertSafeKey(key);
    return guarded(async () => {
      const client = await this.bucket();
      if (Buffer.isBuffer(body)) {
        await client.putObject(this.settings.bucket, key, body, size, {
          'Content-Type': contentType,
        });
      } else {
        // Not the client's own putObject for streams: it takes unknown-size streams in 528 MiB
        // parts, and when the source fails it neither aborts nor settles (the source's error
        // goes unhandled), leaving the parts behind.
        await putStream(body, {
          client,
          bucket: this.settings.bucket,
          key,
          contentType,
          partSize: this.partSize,
        });
      }
      const stored = await this.stat(key);
      if (!stored) throw new Error(`Object ${key} missing right after it was written`);
      return stored;
    });
  }

  async get(key: string): Promise<Readable> {
    assertSafeKey(key);
    return guarded(async () => {
      const client = await this.bucket();
      return client.getObject(this.settings.bucket, key);
    });
  }

  async getRange(key: string, start: number, end: number): Promise<Readable> {
    assertSafeKey(key);
    return guarded(async () => {
      const client = await this.bucket();
      return client.getPartialObject(this.settings.bucket, key, start, end - start + 1);
    });
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    return guarded(async () => {
      const client = await this.bucket();
      try {
        const info = await client.statObject(this.settings.bucket, key);
        const contentType =
          (info.metaData as Record<string, string>)['content-type'] ?? 'application/octet-stream';
        return { size: info.size, contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });
  }

  async copy(from: string, to: string): Promise<void> {
    assertSafeKey(from);
    assertSafeKey(to);
    await guarded(async () => {
      const client = await this.bucket();
      const { CopyConditions } = await loadMinio();
      await client.copyObject(
        this.settings.bucket,
        to,
        `/${this.settings.bucket}/${from}`,
        new CopyConditions(),
      );
    });
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await guarded(async () => {
      const client = await this.bucket();
      await client.removeObject(this.settings.bucket, key);
    });
  }

  async removePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    return guarded(async () => {
      const client = await this.bucket();
      for (let index = 0; index < keys.length; index += 1000) {
        await client.removeObjects(this.settings.bucket, keys.slice(index, index + 1000));
      }
      return keys.length;
    });
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    return guarded(async () => {
      const client = await this.bucket();
      const keys: string[] = [];
      for await (const item of client.listObjectsV2(this.settings.bucket, prefix, true)) {
        if (item.name) keys.push(item.name);
      }
      return keys.sort();
    });
  }

  /** Aborts multipart uploads started before `cutoff`; answers how many. */
  async abortUploadsStartedBefore(cutoff: Date): Promise<number> {
    return guarded(async () => {
      const client = await this.bucket();
      return abortUploadsStartedBefore(client, this.settings.bucket, cutoff);
    });
  }

  async ping(): Promise<void> {
    // Asked every time: bucket() answers from memory once the bucket was seen, which says
    // nothing about whether the store is still there (a health check asks exactly that).
    await guarded(async () => {
      const client = await this.bucket();
      await client.bucketExists(this.settings.bucket);
    });
  }
}
