import { FAILURE_REASONS } from '@hub/proto/jobs';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VideoFailure } from '../failures.ts';
import { FakeGemini } from '../test-support/fake-gemini.ts';
import { uploadResumable, type ResumableUploadOptions } from './resumable-upload.ts';

const MiB = 2 ** 20;
const folder = mkdtempSync(join(tmpdir(), 'gemini-upload-'));
const gemini = new FakeGemini();
let baseUrl = '';

const options = (path: string, more: Partial<ResumableUploadOptions> = {}) => ({
  baseUrl,
  apiKey: 'test-key',
  path,
  mimeType: 'video/mp4',
  displayName: 'video',
  requestTimeoutMs: 30_000,
  retryDelayMs: 10,
  ...more,
});

function zerosSha256(bytes: number): string {
  const hash = createHash('sha256');
  const zeros = Buffer.alloc(MiB);
  for (let left = bytes; left > 0; left -= MiB) hash.update(zeros.subarray(0, Math.min(MiB, left)));
  return hash.digest('hex');
}

beforeAll(async () => {
  baseUrl = await gemini.start();
});
afterAll(async () => {
  await gemini.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('the resumable upload of a video to Gemini', () => {
  it('streams a large file in chunks while the process grows by far less than the file', async () => {
    const size = 256 * MiB;
    const path = join(folder, 'large.mp4');
    truncateSync((writeFileSync(path, ''), path), size); // sparse: zeros, no disk written
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = Date.now();
    const file = await uploadResumable(options(path));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growth = (peak - before) / MiB;
    console.log(
      `[gemini upload] ${size / MiB} MiB in ${Date.now() - started} ms; ` +
        `RSS ${Math.round(before / MiB)} -> peak ${Math.round(peak / MiB)} MiB ` +
        `(+${growth.toFixed(0)} MiB, server included)`,
    );

    expect(file).toMatchObject({ name: expect.stringMatching(/^files\//), state: 'PROCESSING' });
    const upload = gemini.uploads.at(-1)!;
    expect(upload).toMatchObject({
      displayName: 'video',
      mimeType: 'video/mp4',
      declaredBytes: size,
      receivedBytes: size,
    });
    expect(upload.chunks).toEqual(Array.from({ length: 32 }, () => 8 * MiB));
    expect(upload.sha256).toBe(zerosSha256(size));
    // A whole-file read would add 256 MiB (the SDK's upload four times that); a few chunks in
    // flight and garbage not yet collected are all this may hold.
    expect(growth).toBeLessThan(128);
  }, 120_000);

  it('sends a refused or cut chunk again from where the server stopped', async () => {
    const bytes = randomBytes(5 * MiB + 12_345);
    const path = join(folder, 'small.mp4');
    writeFileSync(path, bytes);
    gemini.failChunks('drop', 503);
    await uploadResumable(options(path, { chunkBytes: MiB }));
    const upload = gemini.uploads.at(-1)!;
    expect(upload.receivedBytes).toBe(bytes.length);
    expect(upload.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(upload.chunks).toHaveLength(6);
    const sessionCalls = gemini.calls.filter((call) => call.path.includes(`upload_id=upload`));
    expect(sessionCalls.filter((call) => call.body === '(query)')).toHaveLength(2);
    expect(new Set(gemini.calls.map((call) => call.apiKey))).toEqual(new Set(['test-key']));
  }, 30_000);

  it('gives up in words on a refusal another try would not change', async () => {
    const path = join(folder, 'refused.mp4');
    writeFileSync(path, randomBytes(1000));
    gemini.failChunks(413);
    const upload = uploadResumable(options(path));
    await expect(upload).rejects.toBeInstanceOf(VideoFailure);
    await expect(upload).rejects.toMatchObject({
      retryable: false,
      message: `The AI provider refused the upload (HTTP 413): ${FAILURE_REASONS.ai_said_too_large}`,
    });
  });

  it('stops retrying a server that keeps failing, as a failure worth another attempt', async () => {
    const path = join(folder, 'overloaded.mp4');
    writeFileSync(path, randomBytes(1000));
    gemini.failChunks(503, 503, 503, 503);
    await expect(uploadResumable(options(path))).rejects.toMatchObject({
      retryable: true,
      message: `The AI provider refused the upload (HTTP 503): ${FAILURE_REASONS.ai_said_overloaded}`,
    });
  });
});

describe("the upload's own copy of the video, unreadable", () => {
  it('is said as a file the worker could not read, not as the network (EISDIR on read)', async () => {
    // A folder opens and stats as a file does; reading it fails, as a disk's error would.
    const path = join(folder, 'a-folder.mp4');
    mkdirSync(path);
    const upload = uploadResumable(options(path));
    await expect(upload).rejects.toBeInstanceOf(VideoFailure);
    await expect(upload).rejects.toMatchObject({
      retryable: true,
      message: `The video could not be read: ${FAILURE_REASONS.file_read_failed}`,
    });
  });

  it('is said as missing when the copy is gone', async () => {
    const upload = uploadResumable(options(join(folder, 'gone.mp4')));
    await expect(upload).rejects.toBeInstanceOf(VideoFailure);
    await expect(upload).rejects.toMatchObject({
      retryable: true,
      message: `The video could not be read: ${FAILURE_REASONS.file_read_missing}`,
    });
  });
});
