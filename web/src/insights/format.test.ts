import { describe, expect, it } from 'vitest';
import { countChangeText, pointsChangeText } from './format';

describe('insights change texts', () => {
  it('shows percentage points with one decimal and a sign', () => {
    expect(pointsChangeText(5)).toBe('+5.0% from last month');
    expect(pointsChangeText(-2.25)).toBe('-2.3% from last month');
    expect(pointsChangeText(0)).toBe('0.0% from last month');
    expect(pointsChangeText(null)).toBe('No figure last month');
  });

  it('shows count changes in whole percent, and new ones as new', () => {
    expect(countChangeText(50)).toBe('+50% from last month');
    expect(countChangeText(-100)).toBe('-100% from last month');
    expect(countChangeText(0)).toBe('0% from last month');
    expect(countChangeText(null)).toBe('New this month');
  });
});
