import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WholeDecompressionStream } from './whole-decompression.ts';

const text = new TextEncoder().encode('Wear gloves when handling chilled goods. '.repeat(2_000));

/** Writes the chunks as pdf.js does and reads back everything the stream gives. */
async function decompress(
  format: string,
  chunks: Uint8Array[],
  limit?: number,
): Promise<Uint8Array> {
  const stream = new WholeDecompressionStream(format, limit);
  const writer = stream.writable.getWriter();
  for (const chunk of chunks) void writer.write(chunk).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const parts: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    parts.push(part.value);
  }
  return new Uint8Array(Buffer.concat(parts));
}

const COMPRESSED = {
  deflate: deflateSync(text),
  'deflate-raw': deflateRawSync(text),
  gzip: gzipSync(text),
  brotli: brotliCompressSync(text),
};

describe('the whole decompression stream', () => {
  it.each(Object.entries(COMPRESSED))(
    'decompresses %s, in one chunk or several',
    async (format, data) => {
      expect(await decompress(format, [data])).toEqual(text);
      const half = Math.floor(data.length / 2);
      expect(await decompress(format, [data.subarray(0, half), data.subarray(half)])).toEqual(text);
    },
  );

  it('errors its readable side on data zlib rejects, truncated or corrupt', async () => {
    await expect(decompress('deflate', [COMPRESSED.deflate.subarray(0, 100)])).rejects.toThrow();
    await expect(decompress('deflate', [new Uint8Array([1, 2, 3, 4, 5])])).rejects.toThrow();
  });

  it('refuses a format it does not know, as the web one does', () => {
    expect(() => new WholeDecompressionStream('zip')).toThrow(TypeError);
  });

  it('refuses an output beyond its limit, so that pdf.js falls back to its own decoder', async () => {
    const limit = text.length - 1;
    await expect(decompress('deflate', [COMPRESSED.deflate], limit)).rejects.toThrow(RangeError);
    expect(await decompress('deflate', [COMPRESSED.deflate], text.length)).toEqual(text);
  });
});
