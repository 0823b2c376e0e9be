import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MAX_BYTES } from '@hub/proto';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

let stack: TestStack;
let admin: ApiSession;
let organizationId: number;

beforeAll(async () => {
  stack = await startTestStack();
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
});

/**
 * A multipart body generated on the fly (an MP4 header, then zeros), so neither side ever holds
 * the file: what the gateway keeps in memory is what this test measures.
 */
function streamingUpload(fileBytes: number): {
  body: ReadableStream<Uint8Array>;
  boundary: string;
} {
  const boundary = `----hub${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHuge\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="recordingDate"\r\n\r\n${new Date().toISOString()}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const mp4Header = Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'head') {
        controller.enqueue(Buffer.concat([head, mp4Header]));
        sent = mp4Header.length;
        stage = 'file';
      } else if (stage === 'file') {
        const size = Math.min(chunk.length, fileBytes - sent);
        controller.enqueue(chunk.subarray(0, size));
        sent += size;
        if (sent >= fileBytes) stage = 'tail';
      } else if (stage === 'tail') {
        controller.enqueue(tail);
        stage = 'done';
      } else {
        controller.close();
      }
    },
  });
  return { body, boundary };
}

describe('large video uploads', () => {
  it('refuses a video over 2 GB while it streams, keeping gateway memory flat and nothing stored', async () => {
    const { body, boundary } = streamingUpload(VIDEO_MAX_BYTES + 4 * 1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const response = await fetch(`${stack.url}/api/videos/upload`, {
      method: 'POST',
      headers: {
        cookie: admin.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    clearInterval(sampler);
    const answer = (await response.json()) as { message: string };
    expect(response.status).toBe(413);
    expect(answer.message).toBe('Please select a video file smaller than 2GB.');
    const growthMb = (peak - before) / 1024 / 1024;
    console.log(
      `memory while streaming ${(VIDEO_MAX_BYTES / 1024 ** 3).toFixed(1)} GB through the gateway: +${growthMb.toFixed(0)} MB RSS`,
    );
    expect(growthMb).toBeLessThan(256);
    expect(await stack.storage.list(`org/${organizationId}/videos/`)).toEqual([]);
  }, 180_000);
});
