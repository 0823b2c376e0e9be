import { describe, expect, it } from 'vitest';
import {
  landmarkMisfit,
  MEAN_FACE_SHAPE,
  secondLookRegion,
  zoomSquares,
  type Point,
} from './face-confirmation.ts';

/** The mean face placed somewhere in a frame: moved, scaled, turned. */
const placed = (dx: number, dy: number, size: number, angle: number): Point[] =>
  MEAN_FACE_SHAPE.map(([u, v]) => ({
    x: dx + size * (Math.cos(angle) * u - Math.sin(angle) * v),
    y: dy + size * (Math.sin(angle) * u + Math.cos(angle) * v),
  }));

describe('landmarkMisfit', () => {
  it('is 0 for the mean face wherever it is, whatever its size and tilt', () => {
    expect(landmarkMisfit(placed(0, 0, 1, 0))).toBeCloseTo(0, 3);
    expect(landmarkMisfit(placed(640, 200, 37, 0.4))).toBeCloseTo(0, 3);
  });

  it('is large for landmarks that form no face: collapsed on a line, scattered', () => {
    const line = MEAN_FACE_SHAPE.map((_, i) => ({ x: 100 + i, y: 50 }));
    expect(landmarkMisfit(line)).toBeGreaterThan(0.5);
    // The mean face with its features mirrored top to bottom: mouth above the eyes.
    const upsideDown = MEAN_FACE_SHAPE.map(([u, v]) => ({ x: u, y: -v }));
    expect(landmarkMisfit(upsideDown)).toBeGreaterThan(0.5);
    expect(landmarkMisfit([])).toBe(Infinity);
  });
});

describe('secondLookRegion', () => {
  it('is a square twice the face around it, clipped to the frame', () => {
    expect(
      secondLookRegion({ x: 100, y: 100, width: 50, height: 40 }, { width: 640, height: 480 }),
    ).toEqual({ x: 75, y: 70, width: 100, height: 100 });
    expect(
      secondLookRegion({ x: 0, y: 400, width: 100, height: 80 }, { width: 640, height: 480 }),
    ).toEqual({ x: 0, y: 340, width: 150, height: 140 });
  });
});

describe('zoomSquares', () => {
  it('covers a 16:9 frame with two squares of its height, one at each end', () => {
    expect(zoomSquares({ width: 1280, height: 720 })).toEqual([
      { x: 0, y: 0, width: 720, height: 720 },
      { x: 560, y: 0, width: 720, height: 720 },
    ]);
  });

  it('is the frame itself when square, and runs down a portrait frame', () => {
    expect(zoomSquares({ width: 640, height: 640 })).toEqual([
      { x: 0, y: 0, width: 640, height: 640 },
    ]);
    expect(zoomSquares({ width: 300, height: 1000 })).toEqual([
      { x: 0, y: 0, width: 300, height: 300 },
      { x: 0, y: 233, width: 300, height: 300 },
      { x: 0, y: 467, width: 300, height: 300 },
      { x: 0, y: 700, width: 300, height: 300 },
    ]);
  });
});
