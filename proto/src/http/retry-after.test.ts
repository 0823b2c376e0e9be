import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.js';

const NOW = Date.parse('2026-12-06T12:00:00Z');

describe('retryAfterMs (RFC 9110, 10.2.3)', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMs('30', NOW)).toBe(30_000);
    expect(retryAfterMs('0', NOW)).toBe(0);
  });

  it('reads an IMF-fixdate as the wait until it, from a number or a Date', () => {
    expect(retryAfterMs('Sun, 06 Dec 2026 12:02:00 GMT', NOW)).toBe(120_000);
    expect(retryAfterMs('Sun, 06 Dec 2026 12:02:00 GMT', new Date(NOW - 500))).toBe(120_500);
  });

  it('reads the obsolete rfc850 and asctime dates too (5.6.7), asctime in GMT', () => {
    expect(retryAfterMs('Sunday, 06-Dec-26 12:00:10 GMT', NOW)).toBe(10_000);
    expect(retryAfterMs('Sun Dec  6 12:00:10 2026', NOW)).toBe(10_000);
    expect(retryAfterMs('Sun Dec 16 12:00:00 2026', NOW)).toBe(10 * 24 * 3_600_000);
  });

  it('takes an rfc850 year more than 50 years ahead as the last century', () => {
    expect(retryAfterMs('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(0);
    expect(retryAfterMs('Monday, 06-Dec-27 12:00:00 GMT', NOW)).toBe(365 * 24 * 3_600_000);
  });

  it('takes a date already past as no wait at all', () => {
    expect(retryAfterMs('Sun, 06 Dec 2026 11:59:00 GMT', NOW)).toBe(0);
    expect(retryAfterMs('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(0);
  });

  it('reads around surrounding whitespace', () => {
    expect(retryAfterMs('  30\t', NOW)).toBe(30_000);
    expect(retryAfterMs(' Sun, 06 Dec 2026 12:00:30 GMT ', NOW)).toBe(30_000);
  });

  it('says nothing of a wait for a missing, empty, negative or unreadable value', () => {
    for (const header of [
      undefined,
      null,
      '',
      '   ',
      '-5',
      '1.5',
      '3 0',
      '+30',
      '1e3',
      'soon',
      'soon 5',
      'Dec 6 2026',
      '2026-12-06T12:02:00Z',
      'Sun, 06 Dec 2026 12:02:00',
      'Sun, 06 Dec 2026 12:02:00 PST',
      'Sun, 31 Feb 2026 12:02:00 GMT',
      'Sun, 06 Dec 2026 24:00:00 GMT',
      'Sun, 06 Dek 2026 12:02:00 GMT',
    ]) {
      expect(retryAfterMs(header, NOW), String(header)).toBeUndefined();
    }
  });
});
