import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Client } from 'minio';

/** The S3 minimum for every part but the last. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

export interface StreamTarget {
  client: Client;
  bucket: string;
  key: string;
  contentType: string;
  partSize: number;
}

/** Splits a stream into blocks of exactly `size` bytes, the last one possibly shorter. */
export async function* blocksOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let length = 0;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    held.push(bytes);
    length += bytes.length;
    while (length >= size) {
      const joined = Buffer.concat(held, length);
      yield joined.subarray(0, size);
      // Copied, so the block just handed out is not kept alive by what follows it.
      const rest = Buffer.from(joined.subarray(size));
      held = rest.length > 0 ? [rest] : [];
      length = rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(held, length);
}

/** One multipart upload: parts go one at a time, while the next block is read. */
class MultipartUpload {
  private readonly parts: { part: number; etag: string }[] = [];
  private inFlight: Promise<void> = Promise.resolve();

  private constructor(
    private readonly target: StreamTarget,
    readonly uploadId: string,
  ) {}

  static async begin(target: StreamTarget): Promise<MultipartUpload> {
    const { client, bucket, key, contentType } = target;
    const id = await client.initiateNewMultipartUpload(bucket, key, {
      'Content-Type': contentType,
    });
    return new MultipartUpload(target, id);
  }

  /** Waits for the part before (so at most two blocks are held), then starts this one. */
  async send(block: Buffer): Promise<void> {
    await this.inFlight;
    const partNumber = this.parts.length + 1;
    const { client, bucket, key } = this.target;
    const sending = client.uploadPart(
      {
        bucketName: bucket,
        objectName: key,
        uploadID: this.uploadId,
        partNumber,
        headers: { 'Content-MD5': createHash('md5').update(block).digest('base64') },
      },
      block,
    );
    this.parts.push({ part: partNumber, etag: '' });
    this.inFlight = sending.then(({ etag }) => {
      this.parts[partNumber - 1] = { part: partNumber, etag };
    });
    // Its failure is seen by the next send() or by finish(); this only keeps it from going unhandled.
    this.inFlight.catch(() => undefined);
  }

  async finish(): Promise<void> {
    await this.inFlight;
    const { client, bucket, key } = this.target;
    await client.completeMultipartUpload(bucket, key, this.uploadId, this.parts);
  }

  /** Waits for the part still travelling (it could land after the abort otherwise), then aborts. */
  async abort(): Promise<void> {
    await this.inFlight.catch(() => undefined);
    const { client, bucket, key } = this.target;
    await client.abortMultipartUpload(bucket, key, this.uploadId);
  }
}

/**
 * Stores a stream of unknown length. Up to one part it is a single PUT; beyond, a multipart
 * upload of `partSize` parts, holding at most two parts in memory. Any failure (the source
 * stream erring, a client going away, a refused part) aborts the multipart upload, so no parts
 * stay behind; an abort that itself fails is left to the abandoned-upload sweeper.
 */
export async function putStream(body: Readable, target: StreamTarget): Promise<void> {
  let upload: MultipartUpload | undefined;
  try {
    let pending: Buffer | undefined;
    for await (const block of blocksOf(body, target.partSize)) {
      if (pending) {
        upload ??= await MultipartUpload.begin(target);
        await upload.send(pending);
      }
      pending = block;
    }
    const { client, bucket, key, contentType } = target;
    if (!upload) {
      const whole = pending ?? Buffer.alloc(0);
      await client.putObject(bucket, key, whole, whole.length, { 'Content-Type': contentType });
      return;
    }
    if (pending) await upload.send(pending);
    await upload.finish();
  } catch (error) {
    body.destroy();
    await upload?.abort().catch(() => undefined);
    throw error;
  }
}
