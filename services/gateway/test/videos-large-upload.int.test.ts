import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack, waitFor } from './test-stack.js';

/**
 * The gateway's limit, lowered from the spec's 2 GB (pinned in config.test.ts) to this: the
 * refusal while the file streams is the same code at any limit, and streaming 2 GB through the
 * gateway to disk cost 24 CPU-s of a run's budget.
 */
const LIMIT = 64 * 1024 * 1024;
const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
/** A full collection, so what is measured is what the process holds, not garbage not yet swept. */
const collectGarbage = runInNewContext('gc') as () => void;

let stack: TestStack;
let admin: ApiSession;
let organizationId: number;

beforeAll(async () => {
  stack = await startTestStack({ VIDEO_UPLOAD_MAX_BYTES: String(LIMIT) });
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

/** The bytes the gateway has written so far of uploads it has not finished storing. */
async function bytesBeingStored(): Promise<number> {
  const folder = join(stack.env.DATA_DIR!, `objects/org/${organizationId}/videos`);
  const names = await readdir(folder).catch(() => []);
  const partial = names.filter((name) => name.endsWith('.partial'));
  const sizes = await Promise.all(
    partial.map(async (name) => (await stat(join(folder, name))).size),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * The buffers this process (the gateway with it) holds: where the chunks read from a request
 * live. Not the JavaScript heap, which the other services of the process and earlier files'
 * stacks move by megabytes while the file streams. V8 releases a collected buffer's memory on a
 * task of its own after the collection, so the least of a few collections is what is held.
 */
async function heldBytes(): Promise<number> {
  let least = Infinity;
  for (let round = 0; round < 5; round += 1) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 20));
    least = Math.min(least, process.memoryUsage().arrayBuffers);
  }
  return least;
}

/**
 * A multipart body generated on the fly (an MP4 header, then zeros), so neither side ever holds
 * the file: what the gateway keeps in memory is what this test measures. Before each megabyte
 * of the file, `beforeChunk` is awaited with the number of the file's bytes sent so far.
 */
function streamingUpload(
  fileBytes: number,
  beforeChunk: (sent: number) => Promise<void>,
): {
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
  const chunk = new Uint8Array(MB);
  let sent = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === 'head') {
        controller.enqueue(Buffer.concat([head, mp4Header]));
        sent = mp4Header.length;
        stage = 'file';
      } else if (stage === 'file') {
        await beforeChunk(sent);
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
  it('refuses a video over the limit while it streams, keeping gateway memory flat and nothing stored', async () => {
    // Two looks while the file is under the limit: at half of it, and once a quarter more has
    // been read and stored. Between them the gateway must hold no more than before.
    const looks: { stored: number; held: number }[] = [];
    const look = async (atLeastStored: number) => {
      const stored = await waitFor(bytesBeingStored, (bytes) => bytes >= atLeastStored, 60_000);
      looks.push({ stored, held: await heldBytes() });
    };
    const { body, boundary } = streamingUpload(LIMIT + 4 * MB, async (sent) => {
      // Half the file sent, a quarter of it already written: stored as it arrives, not at its end.
      if (looks.length === 0 && sent >= LIMIT / 2) await look(LIMIT / 4);
      else if (looks.length === 1 && sent >= (LIMIT * 7) / 8)
        await look(looks[0]!.stored + LIMIT / 4);
    });
    const response = await fetch(`${stack.url}/api/videos/upload`, {
      method: 'POST',
      headers: {
        cookie: admin.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    const answer = (await response.json()) as { message: string };
    expect(response.status).toBe(413);
    expect(answer.message).toBe('Please select a video file smaller than 2GB.');
    const [half, later] = looks;
    console.log(
      `memory while streaming ${LIMIT / MB} MB through the gateway: ` +
        `${Math.round((later!.held - half!.held) / MB)} MB more held after ` +
        `${Math.round((later!.stored - half!.stored) / MB)} MB more read and stored`,
    );
    // A gateway that kept what it read would hold all of it (16 MB or more).
    expect(later!.held - half!.held).toBeLessThan((later!.stored - half!.stored) / 2);
    expect(await stack.storage.list(`org/${organizationId}/videos/`)).toEqual([]);
  }, 120_000);
});
