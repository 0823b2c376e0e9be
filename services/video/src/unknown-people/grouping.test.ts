import { describe, expect, it } from 'vitest';
import { centroid, nearestGroup } from './grouping.js';

const space = 'face-api@1.7.15/face-recognition-128d';
const elsewhere = 'face-api@2.0.0/face-recognition-128d';
const face = (embedding: number[], of: string | null = space) => ({ embedding, space: of });

describe('nearestGroup', () => {
  const groups = [
    { personId: 1, faces: [face([0, 0]), face([0.2, 0])] },
    { personId: 2, faces: [face([1, 1])] },
  ];

  it('joins the group whose centroid is nearest, under the threshold', () => {
    expect(nearestGroup(face([0.1, 0.3]), groups, 0.55)).toBe(1);
    expect(nearestGroup(face([0.9, 0.8]), groups, 0.55)).toBe(2);
  });

  it('starts a new person when every centroid is at the threshold or farther', () => {
    expect(nearestGroup(face([0.1, 0.55]), groups, 0.55)).toBeNull();
    expect(nearestGroup(face([0.1, 0]), [], 0.55)).toBeNull();
  });

  it('never compares embeddings of another length (damaged)', () => {
    expect(nearestGroup(face([0.1, 0, 0]), groups, 0.55)).toBeNull();
    expect(centroid([face([1, 2, 3]), face([3, 4])], { space, length: 2 })).toEqual([3, 4]);
  });

  it('never compares embeddings of another space, even of the same length', () => {
    // The face lies on person 1's faces, but in another space: a new person.
    expect(nearestGroup(face([0.1, 0], elsewhere), groups, 0.55)).toBeNull();
    const mixed = [{ personId: 3, faces: [face([0, 0]), face([5, 5], elsewhere)] }];
    // Only the faces of the face's space make the centroid.
    expect(centroid(mixed[0]!.faces, { space, length: 2 })).toEqual([0, 0]);
    expect(nearestGroup(face([0.1, 0]), mixed, 0.55)).toBe(3);
    expect(nearestGroup(face([5, 5], elsewhere), mixed, 0.55)).toBe(3);
  });

  it('joins a face of no known space to nobody, and compares nobody with one', () => {
    expect(nearestGroup(face([0.1, 0], null), groups, 0.55)).toBeNull();
    const unknown = [{ personId: 4, faces: [face([0, 0], null)] }];
    expect(nearestGroup(face([0, 0]), unknown, 0.55)).toBeNull();
  });
});
