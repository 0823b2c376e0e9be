import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

/**
 * zlib level 3, not its default 6: on the fixture corpus's figures it deflates in half the CPU
 * time for PNGs about 15 % larger (level 1: 60 % of the time, 21 % larger).
 */
const LEVEL = 3;
/** Rows are laid out for zlib in one buffer reused from figure to figure, up to this size: a
 * fresh buffer of tens of MB costs more in page faults than zlib takes to compress it. */
const SCRATCH_MAX_BYTES = 64 * 1024 * 1024;

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
/** Filter byte 0 (none) before each row: choosing filters per row in JavaScript cost more than
 * the whole text extraction, while zlib alone still compresses figures well. */
const NO_FILTER = 0;

/** Pixels in one of the layouts PNG stores as they are, so no conversion is needed. */
export interface RasterImage {
  width: number;
  height: number;
  /** 1: grey, 1 bit per pixel, rows padded to a byte; 8: 8 bits per channel. */
  bitDepth: 1 | 8;
  /** 0: grey, 2: RGB, 6: RGBA (PNG colour types). */
  colourType: 0 | 2 | 6;
  rowBytes: number;
  data: Uint8Array;
}

/** Writes a chunk (length, type, body, CRC) at `at` in `out`; returns the offset after it. */
function writeChunk(out: Uint8Array, at: number, type: string, body: Uint8Array): number {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(at, body.length);
  out.set(TYPES[type]!, at + 4);
  out.set(body, at + 8);
  view.setUint32(at + 8 + body.length, crc32(out.subarray(at + 4, at + 8 + body.length)));
  return at + 12 + body.length;
}

const TYPES: Record<string, Uint8Array> = Object.fromEntries(
  ['IHDR', 'IDAT', 'IEND'].map((type) => [type, Buffer.from(type, 'latin1')]),
);

function headerBody(image: RasterImage): Uint8Array {
  const body = new Uint8Array(13);
  const view = new DataView(body.buffer);
  view.setUint32(0, image.width);
  view.setUint32(4, image.height);
  body[8] = image.bitDepth;
  body[9] = image.colourType;
  // Bytes 10-12: deflate compression, adaptive filtering, no interlace.
  return body;
}

let scratch = new Uint8Array(0);
/** The figure encoded last: the next one waits for it, as they share the scratch buffer. */
let previous: Promise<unknown> = Promise.resolve();

/** The rows, each after its filter byte, in `scratch` or, for a figure above its limit, apart. */
function unfilteredRows(image: RasterImage, reuseUpTo: number): Uint8Array {
  const { rowBytes, height } = image;
  const size = (rowBytes + 1) * height;
  if (size > reuseUpTo) return fillRows(image, new Uint8Array(size));
  if (scratch.length < size) {
    scratch = new Uint8Array(Math.min(reuseUpTo, Math.max(size, scratch.length * 2)));
  }
  return fillRows(image, scratch.subarray(0, size));
}

function fillRows(image: RasterImage, rows: Uint8Array): Uint8Array {
  const { rowBytes, height, data } = image;
  for (let row = 0; row < height; row++) {
    const at = row * (rowBytes + 1);
    rows[at] = NO_FILTER;
    rows.set(data.subarray(row * rowBytes, (row + 1) * rowBytes), at + 1);
  }
  return rows;
}

/**
 * PNG bytes in a buffer of their own (so they can be moved to another thread). The compression
 * runs in libuv's thread pool: the extraction goes on reading pages meanwhile. Figures are
 * compressed one after the other (they share one buffer of rows); `reuseUpTo` is the size of
 * rows above which a figure gets a buffer of its own.
 */
export function encodePng(image: RasterImage, reuseUpTo = SCRATCH_MAX_BYTES): Promise<Uint8Array> {
  const png = previous
    .then(() => deflateRows(image, reuseUpTo))
    .then((compressed) => assemble(image, compressed));
  previous = png.catch(() => undefined);
  return png;
}

const deflateRows = (image: RasterImage, reuseUpTo: number) =>
  deflateAsync(unfilteredRows(image, reuseUpTo), { level: LEVEL });

function assemble(image: RasterImage, compressed: Uint8Array): Uint8Array {
  const header = headerBody(image);
  const png = new Uint8Array(SIGNATURE.length + 3 * 12 + header.length + compressed.length);
  png.set(SIGNATURE);
  let at = writeChunk(png, SIGNATURE.length, 'IHDR', header);
  at = writeChunk(png, at, 'IDAT', compressed);
  writeChunk(png, at, 'IEND', new Uint8Array());
  return png;
}
