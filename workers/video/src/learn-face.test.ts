import { describe, expect, it } from 'vitest';
import type { DetectedFace } from './faces/face-model.ts';
import { closestFace } from './learn-face.ts';

const space = 'face-api@1.7.15/face-recognition-128d';
const face = (embedding: number[]): DetectedFace => ({
  box: { x: 0, y: 0, width: 10, height: 10 },
  score: 0.9,
  embedding,
});

describe('a confirmed face found again in its video', () => {
  const found = [face([0, 0, 0]), face([1, 0, 0])];

  it("takes the face nearest the person's enrolments, within the distance", () => {
    const matchWith = [{ embedding: [0.9, 0, 0], space }];
    expect(closestFace(found, matchWith, { space, maxDistance: 0.5 })).toBe(found[1]);
    expect(closestFace(found, matchWith, { space, maxDistance: 0.05 })).toBeUndefined();
  });

  it('never compares an enrolment of another space, even of the same length', () => {
    const matchWith = [{ embedding: [1, 0, 0], space: 'face-api@2.0.0/face-recognition-128d' }];
    expect(closestFace(found, matchWith, { space, maxDistance: 0.5 })).toBeUndefined();
  });
});
