import { describe, expect, it } from 'vitest';
import { countChange, percentOf, pointsChange } from './figures.js';

describe('insights figures', () => {
  it('gives a percent with one decimal, or null without a whole', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 4)).toBe(0);
    expect(percentOf(0, 0)).toBeNull();
  });

  it('compares percent figures in points, null when a period has none', () => {
    expect(pointsChange(82.5, 70)).toBe(12.5);
    expect(pointsChange(60, 75.26)).toBe(-15.3);
    expect(pointsChange(50, null)).toBeNull();
    expect(pointsChange(null, 50)).toBeNull();
  });

  it('compares counts in whole percent; from zero it is 0 or unknown', () => {
    expect(countChange(3, 2)).toBe(50);
    expect(countChange(1, 4)).toBe(-75);
    expect(countChange(0, 0)).toBe(0);
    expect(countChange(5, 0)).toBeNull();
  });
});
