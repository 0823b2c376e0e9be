import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

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

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set(Buffer.from(type, 'latin1'), 4);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

function header(image: RasterImage): Uint8Array {
  const body = new Uint8Array(13);
  const view = new DataView(body.buffer);
  view.setUint32(0, image.width);
  view.setUint32(4, image.height);
  body[8] = image.bitDepth;
  body[9] = image.colourType;
  // Bytes 10-12: deflate compression, adaptive filtering, no interlace.
  return chunk('IHDR', body);
}

function unfilteredRows(image: RasterImage): Uint8Array {
  const { rowBytes, height, data } = image;
  const rows = new Uint8Array((rowBytes + 1) * height);
  for (let row = 0; row < height; row++) {
    const at = row * (rowBytes + 1);
    rows[at] = NO_FILTER;
    rows.set(data.subarray(row * rowBytes, (row + 1) * rowBytes), at + 1);
  }
  return rows;
}

/**
 * PNG bytes in a buffer of their own (so they can be moved to another thread). The compression
 * runs in libuv's thread pool: the extraction goes on reading pages meanwhile.
 */
export async function encodePng(image: RasterImage): Promise<Uint8Array> {
  const compressed = await deflateAsync(unfilteredRows(image));
  const parts = [
    SIGNATURE,
    header(image),
    chunk('IDAT', compressed),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
