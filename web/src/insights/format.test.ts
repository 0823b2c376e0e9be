import { describe, expect, it } from 'vitest';
import {
  activeUsersCaption,
  axisLabel,
  countChangeText,
  platformWide,
  pointsChangeText,
  recordLink,
} from './format';

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

describe('links of the Insights pages', () => {
  it('keeps every link for the roles that see their own organization', () => {
    for (const role of ['admin', 'training_supervisor', 'manager'] as const) {
      expect(platformWide(role)).toBe(false);
      expect(recordLink(role, '/observation/7')).toBe('/observation/7');
      expect(recordLink(role, '/training')).toBe('/training');
    }
  });

  it("gives the super administrator's platform-wide pages no links to one organization's records", () => {
    expect(platformWide('super_admin')).toBe(true);
    expect(recordLink('super_admin', '/observation/7')).toBeNull();
    expect(recordLink('super_admin', '/team/3')).toBeNull();
    expect(recordLink('super_admin', '/training')).toBeNull();
    // Other Insights pages are platform-wide too: those links stay.
    expect(recordLink('super_admin', '/insights/progress')).toBe('/insights/progress');
    expect(recordLink('super_admin', null)).toBeNull();
  });
});

describe("Insights' Active Users", () => {
  it("says it counts sign-ins, unlike the Hub's active accounts", () => {
    expect(activeUsersCaption(12)).toBe('signed in within 30 days · +12% from last month');
  });
});

describe('labels of a chart axis', () => {
  // 6 px a character, 12 for a capital W: a stand-in for the font's own widths.
  const widthOf = (text: string) => [...text].reduce((sum, c) => sum + (c === 'W' ? 12 : 6), 0);

  it('keeps a title the axis holds whole, and cuts one a pixel wider', () => {
    expect(axisLabel('Hand Washing', 60, widthOf)).toBe('Hand Was…');
    expect(axisLabel('Hand Washing', 78, widthOf)).toBe('Hand Washing');
    expect(axisLabel('Hand Washing', 77, widthOf)).toBe('Hand Washi…');
  });

  it('cuts a long title to the longest beginning that fits with an ellipsis', () => {
    const label = axisLabel('Cooling Cooked Food Safely Before It Goes In', 128, widthOf);
    expect(label).toBe('Cooling Cooked Food…');
    expect(widthOf(label)).toBeLessThanOrEqual(128);
    expect(widthOf(axisLabel('Cooling Cooked Food Safely', 126, widthOf))).toBeLessThanOrEqual(126);
  });

  it('holds fewer wide characters than narrow ones', () => {
    expect(axisLabel('WWWWWWWWWWWWWWWWWWWW', 128, widthOf)).toBe('WWWWWWWWWW…');
    expect(axisLabel('iiiiiiiiiiiiiiiiiiiiiiii', 128, widthOf)).toBe('iiiiiiiiiiiiiiiiiiii…');
  });
});
