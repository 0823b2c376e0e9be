import { describe, expect, it } from 'vitest';
import { peopleSeenText } from './video.js';

const operator = (name: string) => ({
  userId: 1,
  name,
  distance: 0.3,
  appearances: [{ start: 0, end: 2 }],
});

describe('peopleSeenText', () => {
  it('says no people seen when no face was confirmed', () => {
    expect(peopleSeenText({ detectedOperators: 0, identifiedOperators: [] })).toBe(
      'No people seen',
    );
  });

  it('counts the people detected and identified otherwise', () => {
    expect(peopleSeenText({ detectedOperators: 1, identifiedOperators: [] })).toBe(
      '1 operator detected, 0 identified',
    );
    expect(peopleSeenText({ detectedOperators: 3, identifiedOperators: [operator('Amy')] })).toBe(
      '3 operators detected, 1 identified',
    );
  });
});
