import { describe, expect, it } from 'vitest';
import { centroid, nearestGroup } from './grouping.js';

describe('nearestGroup', () => {
  const groups = [
    {
      personId: 1,
      embeddings: [
        [0, 0],
        [0.2, 0],
      ],
    },
    { personId: 2, embeddings: [[1, 1]] },
  ];

  it('joins the group whose centroid is nearest, under the threshold', () => {
    expect(nearestGroup([0.1, 0.3], groups, 0.55)).toBe(1);
    expect(nearestGroup([0.9, 0.8], groups, 0.55)).toBe(2);
  });

  it('starts a new person when every centroid is at the threshold or farther', () => {
    expect(nearestGroup([0.1, 0.55], groups, 0.55)).toBeNull();
    expect(nearestGroup([0.1, 0], [], 0.55)).toBeNull();
  });

  it('never compares embeddings of another length (another model)', () => {
    expect(nearestGroup([0.1, 0, 0], groups, 0.55)).toBeNull();
    expect(
      centroid(
        [
          [1, 2, 3],
          [3, 4],
        ],
        2,
      ),
    ).toEqual([3, 4]);
  });
});
