import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningS3Simulator, startS3Simulator } from '@hub/infra/s3-simulator';
import { AbandonedUploadSweeper } from './abandoned-upload-sweeper.js';
import { S3Storage } from '@hub/runtime';

/*
 * The S3 adapter's multipart path over HTTP, against the S3 simulator (infra/s3-simulator):
 * s3rver refuses multipart uploads. Sizes stay small for CI except the one over 64 MiB.
 */
const MIB = 1024 * 1024;
let simulator: RunningS3Simulator;
let bucketCount = 0;

beforeAll(async () => {
  // Lists answer two entries a page, so the sweeper's paging runs too.
  simulator = await startS3Simulator({ pageSize: 2 });
});

afterAll(async () => {
  await simulator?.close();
});

function openS3(partSize?: number, accessKey = simulator.accessKey) {
  bucketCount += 1;
  const bucket = `multipart-${Date.now()}-${bucketCount}`;
  const storage = new S3Storage({
    endpoint: simulator.url,
    accessKey,
    secretKey: 'simulated-secret',
    bucket,
    region: 'us-east-1',
    partSize,
  });
  return { storage, bucket };
}

/** `total` random bytes, 1 MiB at a time, hashed as they are produced; fails at `failAt` if given. */
function randomSource(total: number, failAt?: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('the client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(MIB, total - sent));
      hash.update(chunk);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const callsTo = (bucket: string, query: RegExp, method?: string) =>
  simulator.requests.filter(
    (request) =>
      request.path.startsWith(`/${bucket}/`) &&
      query.test(request.query) &&
      (!method || request.method === method),
  );

describe('S3 multipart uploads', () => {
  it('streams an object over 64 MiB in parts, with the default part size, and reads it back identical', async () => {
    const { storage, bucket } = openS3();
    const size = 70 * MIB + 12345;
    const source = randomSource(size);
    const stored = await storage.put('org/1/videos/big.mp4', source.stream, 'video/mp4');
    expect(stored).toEqual({ size, contentType: 'video/mp4' });
    expect(await sha256Of(await storage.get('org/1/videos/big.mp4'))).toBe(source.digest());
    // 16 MiB parts: four whole ones and the rest.
    expect(callsTo(bucket, /uploads/, 'POST')).toHaveLength(1);
    expect(callsTo(bucket, /partNumber=/, 'PUT').map((call) => call.status)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(await simulator.uploads(bucket)).toEqual([]);
    // A range across the first part boundary comes from both parts.
    const whole = await storage.get('org/1/videos/big.mp4');
    const expected: Buffer[] = [];
    let seen = 0;
    for await (const chunk of whole as AsyncIterable<Buffer>) {
      const from = Math.max(0, 16 * MIB - 10 - seen);
      const to = Math.min(chunk.length, 16 * MIB + 10 - seen);
      if (from < to) expected.push(chunk.subarray(from, to));
      seen += chunk.length;
    }
    const range = await storage.getRange('org/1/videos/big.mp4', 16 * MIB - 10, 16 * MIB + 9);
    expect(await buffer(range)).toEqual(Buffer.concat(expected));
  }, 120_000);

  it('stores a stream shorter than one part with a single PUT', async () => {
    const { storage, bucket } = openS3(5 * MIB);
    const source = randomSource(3 * MIB);
    await storage.put('org/1/videos/small.mp4', source.stream, 'video/mp4');
    expect(await sha256Of(await storage.get('org/1/videos/small.mp4'))).toBe(source.digest());
    expect(callsTo(bucket, /uploads/)).toEqual([]);
  });

  it('aborts the upload when the source fails mid-stream: no upload, no parts, no object', async () => {
    const { storage, bucket } = openS3(5 * MIB);
    const source = randomSource(40 * MIB, 17 * MIB);
    await expect(storage.put('org/1/videos/cut.mp4', source.stream, 'video/mp4')).rejects.toThrow(
      'the client went away',
    );
    expect(callsTo(bucket, /partNumber=/, 'PUT').length).toBeGreaterThanOrEqual(2);
    expect(callsTo(bucket, /uploadId=/, 'DELETE').map((call) => call.status)).toEqual([204]);
    expect(await simulator.uploads(bucket)).toEqual([]);
    expect(await simulator.partFiles(bucket)).toBe(0);
    expect(await storage.stat('org/1/videos/cut.mp4')).toBeNull();
  });

  it('aborts the upload when the server keeps refusing a part', async () => {
    const { storage, bucket } = openS3(5 * MIB);
    // The client retries a 500 once: both attempts fail.
    simulator.failPart(3, 2);
    const source = randomSource(22 * MIB);
    await expect(
      storage.put('org/1/videos/refused.mp4', source.stream, 'video/mp4'),
    ).rejects.toThrow(/500/);
    expect(await simulator.uploads(bucket)).toEqual([]);
    expect(await simulator.partFiles(bucket)).toBe(0);
    expect(await storage.stat('org/1/videos/refused.mp4')).toBeNull();
  });

  it('is refused by a server that does not know its access key', async () => {
    const { storage } = openS3(undefined, 'someone-else');
    await expect(storage.put('org/1/a.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /credentials|access key/i,
    );
  });
});

describe('abandoned multipart uploads', () => {
  it('are aborted by the sweeper once older than the limit, across list pages', async () => {
    const { storage, bucket } = openS3();
    await storage.ping();
    // Uploads a killed process left behind: started, a part stored, never completed.
    const url = new URL(simulator.url);
    const client = new Client({
      endPoint: url.hostname,
      port: Number(url.port),
      useSSL: false,
      accessKey: simulator.accessKey,
      secretKey: 'simulated-secret',
      region: 'us-east-1',
      pathStyle: true,
    });
    for (const key of ['org/1/a.mp4', 'org/1/b.mp4', 'org/2/c.mp4']) {
      const uploadID = await client.initiateNewMultipartUpload(bucket, key, {});
      await client.uploadPart(
        { bucketName: bucket, objectName: key, uploadID, partNumber: 1, headers: {} },
        randomBytes(1024),
      );
    }
    expect(await simulator.uploads(bucket)).toHaveLength(3);
    const sweeper = new AbandonedUploadSweeper(storage, 24);
    expect(await sweeper.sweep()).toBe(0);
    expect(await simulator.uploads(bucket)).toHaveLength(3);
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await sweeper.sweep(dayLater)).toBe(3);
    expect(await simulator.uploads(bucket)).toEqual([]);
    expect(await simulator.partFiles(bucket)).toBe(0);
    // Two uploads a page: each sweep listed two pages.
    const listings = simulator.requests.filter(
      (request) => request.path === `/${bucket}` && /uploads/.test(request.query),
    );
    expect(listings).toHaveLength(4);
  });
});
