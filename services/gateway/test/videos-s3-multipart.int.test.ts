import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningS3Simulator, startS3Simulator } from '@hub/infra/s3-simulator';
import { api } from '@hub/proto';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/*
 * Video uploads through the gateway into S3 (the S3 simulator), with 5 MiB parts so a small
 * video already takes the multipart path a 2 GB one takes with the default part size.
 */
const MIB = 1024 * 1024;
const BUCKET = 'hub-videos-multipart';
let simulator: RunningS3Simulator;
let stack: TestStack;
let admin: ApiSession;
let organizationId: number;

beforeAll(async () => {
  simulator = await startS3Simulator();
  stack = await startTestStack({
    S3_ENDPOINT: simulator.url,
    S3_ACCESS_KEY: simulator.accessKey,
    S3_SECRET_KEY: 'simulated-secret',
    S3_BUCKET: BUCKET,
    S3_PART_SIZE_MB: '5',
  });
  organizationId = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId,
  });
  admin = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
});

afterAll(async () => {
  await stack?.stop();
  await simulator?.close();
});

const MP4_HEADER = Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A browser posting an upload, gone (its connection closed) after `mebibytes` of the file:
 * 'left', or what the gateway answered before that. Sent with node:http rather than fetch: an
 * aborted fetch left a new connection open that never sent a request, which the gateway's close
 * counts as busy and waits the shutdown grace (10 s) for.
 */
function uploadThenLeave(boundary: string, head: Buffer, mebibytes: number): Promise<string> {
  return new Promise((resolve) => {
    const browser = httpRequest(`${stack.url}/api/videos/upload`, {
      method: 'POST',
      agent: false,
      headers: {
        cookie: admin.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    browser.on('response', (answer) => resolve(`answered ${answer.statusCode}`));
    browser.on('error', () => undefined);
    browser.on('close', () => resolve('left'));
    const send = (chunk: Buffer) =>
      browser.write(chunk) ? Promise.resolve() : once(browser, 'drain').then(() => undefined);
    void (async () => {
      await send(head);
      for (let sent = 0; sent < mebibytes; sent += 1) await send(randomBytes(MIB));
    })()
      .catch(() => undefined)
      .finally(() => browser.destroy());
  });
}

describe('video uploads into S3', () => {
  it('stores a video larger than one part as a multipart upload, complete and identical', async () => {
    const video = Buffer.concat([MP4_HEADER, randomBytes(12 * MIB)]);
    await admin.uploadTo(
      api.uploadVideo,
      { title: 'Night shift', recordingDate: '2026-11-20T22:00:00Z' },
      { name: 'night.mp4', data: video },
    );
    const keys = await stack.storage.list(`org/${organizationId}/videos/`);
    expect(keys).toHaveLength(1);
    const stored = await buffer(await stack.storage.get(keys[0]!));
    expect(sha256(stored)).toBe(sha256(video));
    const parts = simulator.requests.filter(
      (request) => request.method === 'PUT' && request.query.includes('partNumber='),
    );
    expect(parts.map((request) => request.status)).toEqual([200, 200, 200]);
    expect(await simulator.uploads(BUCKET)).toEqual([]);
  });

  it('leaves no upload, part or object behind when the browser goes away mid-upload', async () => {
    const before = await stack.storage.list(`org/${organizationId}/videos/`);
    const boundary = `----hub${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="recordingDate"\r\n\r\n2026-11-20T22:00:00Z\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const partsBefore = simulator.requests.filter((request) =>
      request.query.includes('partNumber='),
    );
    // 14 MiB of the file, then the browser is gone: two parts are up by then.
    expect(await uploadThenLeave(boundary, Buffer.concat([head, MP4_HEADER]), 14)).toBe('left');
    await expect
      .poll(() => simulator.requests.filter((r) => r.query.includes('partNumber=')).length)
      .toBeGreaterThan(partsBefore.length);
    await expect.poll(() => simulator.uploads(BUCKET)).toEqual([]);
    await expect.poll(() => simulator.partFiles(BUCKET)).toBe(0);
    expect(await stack.storage.list(`org/${organizationId}/videos/`)).toEqual(before);
  });
});
