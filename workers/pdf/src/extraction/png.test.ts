import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng, type RasterImage } from './png.ts';

/** Pixels from a seeded generator: the same each run, not compressible to nothing. */
function pixels(length: number, seed: number): Uint8Array {
  const data = new Uint8Array(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    data[index] = state >>> 24;
  }
  return data;
}

function raster(width: number, height: number, colourType: 0 | 2 | 6, seed: number): RasterImage {
  const bitDepth = colourType === 0 ? 1 : 8;
  const rowBytes = colourType === 0 ? (width + 7) >> 3 : width * (colourType === 2 ? 3 : 4);
  return { width, height, bitDepth, colourType, rowBytes, data: pixels(rowBytes * height, seed) };
}

/** What pngjs reads back, as RGBA, against the raster's own pixels as RGBA. */
function expectSamePixels(png: Uint8Array, image: RasterImage) {
  const decoded = PNG.sync.read(Buffer.from(png));
  expect([decoded.width, decoded.height]).toEqual([image.width, image.height]);
  if (image.colourType === 6) {
    expect(Buffer.from(decoded.data).equals(Buffer.from(image.data))).toBe(true);
    return;
  }
  const expected = new Uint8Array(image.width * image.height * 4);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const out = (y * image.width + x) * 4;
      const row = y * image.rowBytes;
      if (image.colourType === 0) {
        const bit = (image.data[row + (x >> 3)]! >> (7 - (x & 7))) & 1;
        expected.fill(bit ? 255 : 0, out, out + 3);
        expected[out + 3] = 255;
      } else {
        expected.set(image.data.subarray(row + x * 3, row + x * 3 + 3), out);
        expected[out + 3] = 255;
      }
    }
  }
  expect(Buffer.from(decoded.data).equals(Buffer.from(expected))).toBe(true);
}

describe('encodePng', () => {
  it('writes 1-bit grey, RGB and RGBA figures as PNGs of the same pixels', async () => {
    for (const image of [raster(37, 11, 0, 1), raster(64, 48, 2, 2), raster(33, 17, 6, 3)]) {
      expectSamePixels(await encodePng(image), image);
    }
  });

  it('keeps each figure its own pixels when many are encoded at once through the reused rows buffer', async () => {
    // Sizes up and down, so the shared buffer grows while others wait and is reused smaller.
    const images = [
      raster(300, 200, 6, 4),
      raster(20, 20, 2, 5),
      raster(1000, 400, 2, 6),
      raster(50, 70, 0, 7),
      raster(400, 300, 6, 8),
    ];
    const pngs = await Promise.all(images.map((image) => encodePng(image)));
    pngs.forEach((png, index) => expectSamePixels(png, images[index]!));
  });

  it('encodes a figure larger than the reused buffer may grow in a buffer of its own', async () => {
    const large = raster(120, 90, 6, 9);
    const small = raster(30, 20, 2, 10);
    const pngs = await Promise.all([encodePng(large, 1024), encodePng(small, 1024)]);
    expectSamePixels(pngs[0]!, large);
    expectSamePixels(pngs[1]!, small);
  });
});
