import { describe, expect, it } from 'vitest';
import { peopleSeenText, VideoUploadFields } from './video.js';

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

describe('a video upload’s recording date', () => {
  const recorded = (recordingDate: string) =>
    VideoUploadFields.safeParse({ title: 'Shift', recordingDate }).error?.issues[0]?.message;

  it('takes ISO 8601 dates and times, as the upload dialog and API clients write them', () => {
    for (const date of [
      '2026-11-20',
      '2026-11-20T08:00',
      '2026-11-20T08:00:00.000Z',
      '2026-11-20T08:00:00+01:00',
    ]) {
      expect(recorded(date), date).toBeUndefined();
    }
  });

  it('refuses text a number parse reads as a date, and years the database cannot store', () => {
    for (const date of ['1', 'soon', '12/20/2026', '99999-01-01', '+099999-01-01', '1899-12-31']) {
      expect(recorded(date), date).toBe('Recording date is not a valid date');
    }
  });

  it('refuses a date more than a day ahead', () => {
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    expect(recorded(later)).toBe('Recording date cannot be in the future');
    expect(recorded(new Date(Date.now() + 60 * 60 * 1000).toISOString())).toBeUndefined();
  });
});
