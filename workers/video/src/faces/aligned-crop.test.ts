import type * as FaceApi from '@vladmandic/face-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { alignedCrop, DESCRIPTOR_INPUT_SIDE, dlibSquare } from './aligned-crop.ts';
import { startTensorFlow } from './face-api-runtime.ts';
import type { Point } from './face-confirmation.ts';

let faceapi: typeof FaceApi;
let tf: typeof FaceApi.tf;

// The plain JavaScript backend: the same numbers, no wasm to load.
beforeAll(async () => {
  faceapi = await startTensorFlow('cpu');
  tf = faceapi.tf;
});

/**
 * 68 landmarks whose eyes' centres lie at (cx ∓ 40.5, top) and mouth's at (cx, top + 54): 67.5
 * from each eye to the mouth, so a dlib square of side 150 whose corner is at (cx - 75, top - 46.5).
 * The other points (jaw, brows, nose) play no part in the alignment.
 */
function landmarks(cx: number, top: number): Point[] {
  const at = (x: number, y: number, count: number) =>
    Array.from({ length: count }, () => ({ x, y }));
  return [
    ...at(cx, top + 54, 36),
    ...at(cx - 40.5, top, 6),
    ...at(cx + 40.5, top, 6),
    ...at(cx, top + 54, 20),
  ];
}

describe('dlibSquare', () => {
  it("is face-api's dlib square, not rounded down to whole pixels", () => {
    const points = landmarks(85.6, 66.9);
    const square = dlibSquare(points);
    expect(square.side).toBeCloseTo(150, 6);
    expect(square.x).toBeCloseTo(10.6, 6);
    expect(square.y).toBeCloseTo(20.4, 6);

    const relative = points.map(({ x, y }) => new faceapi.Point(x / 400, y / 300));
    const theirs = new faceapi.FaceLandmarks68(relative, { width: 400, height: 300 }).align(null, {
      useDlibAlignment: true,
    });
    // face-api floors corner and side: 10, 20, 149 or 150 (its float sum of the points).
    expect(theirs.x).toBe(Math.floor(square.x));
    expect(theirs.y).toBe(Math.floor(square.y));
    expect(Math.abs(theirs.width - square.side)).toBeLessThan(1);
  });
});

describe('alignedCrop', () => {
  /** A frame whose pixel at (x, y) holds x, y and x + y (mod 256). */
  const frame = () => {
    const [width, height] = [400, 300];
    const data = new Float32Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        data.set([x % 256, y % 256, (x + y) % 256], (y * width + x) * 3);
      }
    }
    return tf.tensor3d(data, [height, width, 3], 'float32');
  };

  it('cuts a whole-pixel square of the net input side as it is, pixel for pixel', async () => {
    const input = frame();
    const crop = alignedCrop(tf, input, landmarks(85, 66.5));
    const side = DESCRIPTOR_INPUT_SIDE;
    expect(crop.shape).toEqual([1, side, side, 3]);
    const expected = tf.slice(input, [20, 10, 0], [side, side, 3]);
    const [cut, pixels] = [Array.from(await crop.data()), Array.from(await expected.data())];
    let difference = 0;
    cut.forEach((value, i) => (difference = Math.max(difference, Math.abs(value - pixels[i]!))));
    expect(difference).toBeLessThan(0.01);
    [input, crop, expected].forEach((tensor) => tensor.dispose());
  });

  it('samples a square a fraction of a pixel away between the pixels, not at the nearest', async () => {
    const input = frame();
    // The same square 0.25 px to the right: each sample a quarter of the way to the next pixel.
    const crop = alignedCrop(tf, input, landmarks(85.25, 66.5));
    const first = Array.from(await crop.data()).slice(0, 6);
    [10.25, 20, 30.25, 11.25, 20, 31.25].forEach((value, i) => {
      expect(first[i]).toBeCloseTo(value, 3);
    });
    [input, crop].forEach((tensor) => tensor.dispose());
  });
});
