import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { ChunkStreamGone, type ChunkWriter, chunkStreamKeys } from './chunk-stream.js';
import { RpcClient } from './rpc-client.js';

let resources: TestResources;
let client: RpcClient;
let redis: Redis;

beforeAll(() => {
  resources = claimTestResources();
  client = new RpcClient(TEST_REDIS_URL, resources.redisPrefix, 2000);
  redis = new Redis(TEST_REDIS_URL);
});

afterAll(async () => {
  await client?.close();
  redis?.disconnect();
  await resources?.release();
});

/** Resolves once `check` holds: the other side has got there (no time limit of its own). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}

const keysLeft = async (id: string) => {
  const keys = chunkStreamKeys(resources.redisPrefix, id);
  return redis.exists(keys.data, keys.credit);
};

describe('a chunk stream over Redis', () => {
  it('carries the chunks in order as bytes, then the trailer, and leaves no key', async () => {
    const id = randomUUID();
    const written = client.writeChunks(id, async (writer) => {
      await writer.write('header\r\n');
      await writer.write(Buffer.from([0, 0xff, 0x0d, 0x0a]));
      await writer.write('Zoë\r\n');
      return '3';
    });
    const chunks = client.chunks(id);
    const read: Buffer[] = [];
    let step = await chunks.next();
    for (; !step.done; step = await chunks.next()) read.push(step.value);
    await written;
    expect(step.value).toBe('3');
    expect(Buffer.concat(read)).toEqual(
      Buffer.concat([
        Buffer.from('header\r\n'),
        Buffer.from([0, 0xff, 13, 10]),
        Buffer.from('Zoë\r\n'),
      ]),
    );
    expect(await keysLeft(id)).toBe(0);
  });

  it('stops the writer while the reader is behind: never more than the window ahead', async () => {
    const id = randomUUID();
    const keys = chunkStreamKeys(resources.redisPrefix, id);
    let writer: ChunkWriter | undefined;
    let sent = 0;
    const written = client.writeChunks(
      id,
      async (chunkWriter) => {
        writer = chunkWriter;
        for (let n = 0; n < 10; n += 1) {
          await chunkWriter.write(`chunk ${n}\r\n`);
          sent += 1;
        }
      },
      { window: 2 },
    );
    const chunks = client.chunks(id);
    expect((await chunks.next()).value?.toString()).toBe('chunk 0\r\n');
    // The reader holds chunk 0 and asks for nothing more: the writer sends its window and waits.
    await until(() => writer?.waits === 1);
    expect(sent).toBe(2);
    expect(await redis.llen(keys.data)).toBe(1);
    const rest: string[] = [];
    for await (const chunk of chunks) {
      rest.push(chunk.toString());
      // Each chunk taken lets one more through: the list never holds more chunks than the
      // window (the end's marker and trailer, pushed with the last chunk, are not chunks).
      const entries = await redis.lrangeBuffer(keys.data, 0, -1);
      const end = entries.findIndex((entry) => entry.length === 0);
      expect(end === -1 ? entries.length : end).toBeLessThanOrEqual(2);
    }
    await written;
    expect(rest).toEqual(Array.from({ length: 9 }, (_, n) => `chunk ${n + 1}\r\n`));
  });

  it('tells the writer when the reader stops early, and removes what was left', async () => {
    const id = randomUUID();
    const written = client.writeChunks(
      id,
      async (writer) => {
        for (let n = 0; n < 10; n += 1) await writer.write(`chunk ${n}\r\n`);
      },
      { window: 2 },
    );
    const chunks = client.chunks(id);
    await chunks.next();
    await chunks.return('');
    await expect(written).rejects.toBeInstanceOf(ChunkStreamGone);
    expect(await keysLeft(id)).toBe(0);
  });

  it("ends the reader with the writer's failure", async () => {
    const id = randomUUID();
    const written = client.writeChunks(id, async (writer) => {
      await writer.write('header\r\n');
      throw new Error('the database went away');
    });
    await expect(written).rejects.toThrow('the database went away');
    const read: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of client.chunks(id)) read.push(chunk.toString());
      })(),
    ).rejects.toThrow('the database went away');
    expect(read).toEqual(['header\r\n']);
    expect(await keysLeft(id)).toBe(0);
  });
});
