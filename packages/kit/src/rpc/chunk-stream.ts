import type { Redis } from 'ioredis';

/**
 * A one-way stream of byte chunks from a service to the gateway over Redis, for downloads too
 * large for one RPC answer (the CSV exports). The gateway names the stream in its RPC call; the
 * service checks the call, answers it, then writes the chunks. One list carries the chunks, a
 * second the reader's credits: the writer sends at most `window` chunks the reader has not
 * taken, so a slow reader (a slow download) stops the writer instead of filling Redis or the
 * writer's memory. Each side uses its own connection: both wait in blocking pops.
 */
export interface ChunkStreamKeys {
  data: string;
  credit: string;
}

export const chunkStreamKeys = (prefix: string, id: string): ChunkStreamKeys => ({
  data: `${prefix}chunks:${id}`,
  credit: `${prefix}chunks:${id}:credit`,
});

/** Chunks the writer may send ahead of the reader. */
export const CHUNK_STREAM_WINDOW = 2;
/** A side that hears nothing from the other this long gives up (a closed download, a dead service). */
export const CHUNK_STREAM_IDLE_MS = 60_000;

/**
 * A chunk is one list entry as written (no copy to frame it); an empty entry ends the stream,
 * pushed with the entry after it in one RPUSH: `e` and the trailer, or `x` and a failure.
 */
const LAST = Buffer.alloc(0);
const END = 0x65; // 'e'
const FAILED = 0x78; // 'x'
/** The credit a reader leaves when it stops early (the download was closed). */
const STOP = 'stop';

export class ChunkStreamGone extends Error {}

/**
 * The service's side. write() resolves once the chunk is in Redis and, when the window is
 * full, only after the reader has taken one; it throws ChunkStreamGone when the reader stopped
 * taking chunks for idleMs (the download was abandoned) or said it stopped.
 */
export class ChunkWriter {
  private credits: number;
  /** How many times write() waited for the reader: what a test of backpressure reads. */
  waits = 0;

  constructor(
    private readonly redis: Redis,
    private readonly keys: ChunkStreamKeys,
    window = CHUNK_STREAM_WINDOW,
    private readonly idleMs = CHUNK_STREAM_IDLE_MS,
  ) {
    this.credits = window;
  }

  async write(chunk: Buffer | string): Promise<void> {
    if (chunk.length === 0) return;
    if (this.credits === 0) {
      this.waits += 1;
      const credit = await this.redis.blpop(this.keys.credit, this.idleMs / 1000);
      if (credit === null || credit[1] === STOP) {
        // What this writer pushed after the reader left would otherwise wait for its expiry.
        await this.redis.del(this.keys.data, this.keys.credit);
        throw new ChunkStreamGone('The reader stopped taking chunks.');
      }
      this.credits += 1;
    }
    this.credits -= 1;
    await this.push(chunk);
  }

  /** The last entry; `trailer` (e.g. a row count) is what readChunks returns. */
  end(trailer = ''): Promise<void> {
    return this.push(LAST, Buffer.concat([Buffer.of(END), Buffer.from(trailer)]));
  }

  /** Ends the stream with a failure the reader throws (the download is cut, not completed). */
  fail(message: string): Promise<void> {
    return this.push(LAST, Buffer.concat([Buffer.of(FAILED), Buffer.from(message)]));
  }

  private async push(...entries: (Buffer | string)[]): Promise<void> {
    await this.redis.rpush(this.keys.data, ...entries);
    // Both keys expire if neither side comes back for them (each removes them otherwise).
    await this.redis.pexpire(this.keys.data, this.idleMs * 2);
  }
}

/**
 * The gateway's side: the chunks in order, one credit given back each time the consumer asks
 * for the next (so a consumer that stops reading stops the writer), then the writer's trailer
 * as the return value; throws ChunkStreamGone when nothing comes for idleMs and Error when the
 * writer failed. A reader that stops early tells the writer so, and the chunks are removed.
 */
export async function* readChunks(
  redis: Redis,
  keys: ChunkStreamKeys,
  idleMs = CHUNK_STREAM_IDLE_MS,
): AsyncGenerator<Buffer, string> {
  let ended = false;
  try {
    for (let taken = 0; ; taken += 1) {
      if (taken > 0)
        await redis
          .multi()
          .rpush(keys.credit, '1')
          .pexpire(keys.credit, idleMs * 2)
          .exec();
      const popped = await redis.blpopBuffer(keys.data, idleMs / 1000);
      if (popped === null) throw new ChunkStreamGone('The service stopped sending chunks.');
      const chunk = popped[1];
      if (chunk.length > 0) {
        yield chunk;
        continue;
      }
      // The writer is done either way: it waits for no credit.
      ended = true;
      const last = (await redis.lpopBuffer(keys.data)) ?? Buffer.of(FAILED);
      if (last[0] !== END) throw new Error(last.subarray(1).toString() || 'The stream failed.');
      return last.subarray(1).toString();
    }
  } finally {
    const removing = redis.multi().del(keys.data, keys.credit);
    if (!ended) removing.rpush(keys.credit, STOP).pexpire(keys.credit, idleMs);
    await removing.exec().catch(() => undefined);
  }
}
