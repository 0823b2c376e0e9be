import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

type Format = 'deflate' | 'deflate-raw' | 'gzip' | 'brotli';

/**
 * No PDF stream of an SOP comes near this; a larger one (a decompression bomb) fails here and
 * pdf.js's own decoder takes over, within the thread's heap limit.
 */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

type Decoder = (compressed: Buffer, options: { maxOutputLength: number }) => Buffer;

const DECODERS: Record<Format, Decoder> = {
  deflate: inflateSync,
  'deflate-raw': inflateRawSync,
  gzip: gunzipSync,
  brotli: brotliDecompressSync,
};

const isFormat = (format: string): format is Format => Object.hasOwn(DECODERS, format);

/**
 * The web's DecompressionStream, decompressing the whole input at once when it is closed.
 * pdf.js hands each compressed PDF stream to a DecompressionStream whole and reads it back
 * whole; Node's own sends it through zlib in the thread pool in 16 KiB chunks, a promise each,
 * which took a fifth of the extraction's time on the fixture corpus, most of it waiting. Data
 * zlib rejects errors the readable side, as Node's does, and pdf.js then decodes the stream
 * with its own, more forgiving, decoder.
 */
export class WholeDecompressionStream extends TransformStream<
  ArrayBufferView | ArrayBuffer,
  Uint8Array
> {
  constructor(format: string, maxOutputLength = MAX_OUTPUT_BYTES) {
    if (!isFormat(format)) throw new TypeError(`Unsupported compression format: ${format}`);
    const decode = DECODERS[format];
    const chunks: Buffer[] = [];
    super({
      transform: (chunk) => {
        chunks.push(
          ArrayBuffer.isView(chunk)
            ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
            : Buffer.from(chunk),
        );
      },
      flush: (controller) =>
        controller.enqueue(
          decode(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), { maxOutputLength }),
        ),
    });
  }
}

/**
 * Makes pdf.js, which looks the global up at each stream, use WholeDecompressionStream. Only the
 * extraction threads call it: the global is theirs alone.
 */
export function useWholeDecompression(): void {
  Object.defineProperty(globalThis, 'DecompressionStream', {
    value: WholeDecompressionStream,
    writable: true,
    configurable: true,
  });
}
