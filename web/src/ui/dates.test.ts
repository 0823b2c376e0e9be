import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@hub/proto';
import { formatDate, formatDateIn, formatDateTimeIn, setDatePreferences } from './dates';

const instant = new Date('2026-11-23T23:30:00Z');

describe('dates in the user preferences', () => {
  it('writes each date format', () => {
    expect(formatDateIn(instant, { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' })).toBe('11/23/2026');
    expect(formatDateIn(instant, { timeZone: 'UTC', dateFormat: 'DD/MM/YYYY' })).toBe('23/11/2026');
    expect(formatDateIn(instant, { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' })).toBe('2026-11-23');
  });

  it('reads the date in the chosen zone (the day may change)', () => {
    expect(formatDateIn(instant, { timeZone: 'Asia/Tokyo', dateFormat: 'YYYY-MM-DD' })).toBe(
      '2026-11-24',
    );
    expect(formatDateTimeIn(instant, { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' })).toBe(
      '11/23/2026, 11:30 PM',
    );
    expect(
      formatDateTimeIn(instant, { timeZone: 'America/New_York', dateFormat: 'DD/MM/YYYY' }),
    ).toBe('23/11/2026, 6:30 PM');
  });
});

describe('calendar days', () => {
  it('names the same day whatever the zone (a due date is a day, not an instant)', () => {
    setDatePreferences({ timeZone: 'America/Los_Angeles', dateFormat: 'MM/DD/YYYY' });
    try {
      expect(formatDate('2026-12-01')).toBe('12/01/2026');
      expect(formatDate('2026-12-01T06:00:00Z')).toBe('11/30/2026');
    } finally {
      setDatePreferences(DEFAULT_PREFERENCES);
    }
  });
});
