import { describe, expect, it } from 'vitest';
import {
  activeUsersCaption,
  AXIS_LABEL_CHARACTERS,
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
  it('keeps a title the axis holds whole', () => {
    expect(axisLabel('Hand Washing')).toBe('Hand Washing');
    expect(axisLabel('Receiving Deliverie')).toBe('Receiving Deliver…');
    expect(axisLabel('Receiving Delivery')).toBe('Receiving Delivery');
  });

  it('cuts a long title to what the axis holds, ending with an ellipsis', () => {
    const label = axisLabel('Cooling Cooked Food Safely Before It Goes Into the Walk-In');
    expect([...label]).toHaveLength(AXIS_LABEL_CHARACTERS);
    expect(label).toBe('Cooling Cooked Fo…');
  });
});
