import { describe, expect, it } from 'vitest';
import {
  landmarkMisfit,
  MEAN_FACE_SHAPE,
  secondLookRegion,
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
