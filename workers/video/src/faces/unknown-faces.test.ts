import { describe, expect, it } from 'vitest';
import { cropAround } from './face-crops.ts';
import { bestSighting } from './unknown-faces.ts';

describe('cropAround', () => {
  it('takes a square half again as wide as the face, centred on it', () => {
    expect(cropAround({ x: 100, y: 100, width: 40, height: 60 }, 1280, 720)).toEqual({
      x: 75,
      y: 85,
      width: 90,
      height: 90,
    });
  });

  it('stays inside the frame at its edges', () => {
    expect(cropAround({ x: 0, y: 690, width: 30, height: 30 }, 1280, 720)).toEqual({
      x: 0,
      y: 676,
      width: 44,
      height: 44,
    });
    expect(cropAround({ x: 0, y: 0, width: 800, height: 800 }, 1280, 720).width).toBe(720);
  });
});

describe('bestSighting', () => {
  it('picks the largest face of the cluster', () => {
    const sighting = (frame: number, side: number) => ({
      frame,
      time: frame,
      box: { x: 0, y: 0, width: side, height: side },
      embedding: [0],
    });
    const cluster = {
      sightings: [sighting(0, 20), sighting(1, 50), sighting(2, 30)],
      centroid: [0],
    };
    expect(bestSighting(cluster).frame).toBe(1);
  });
});
