import { describe, expect, it } from 'vitest';
import { digestKey, digestPath, holderNoticeKey, holdersToTell, sweepDay } from './expiry-sweep.js';

describe('the expiry digest', () => {
  it('leads to the certifications insights, filtered by the one state it tells of', () => {
    expect(digestPath({ expiring_soon: 3, expired: 0 })).toBe(
      '/insights/certifications?state=expiring_soon',
    );
    expect(digestPath({ expiring_soon: 0, expired: 2 })).toBe(
      '/insights/certifications?state=expired',
    );
    expect(digestPath({ expiring_soon: 3, expired: 2 })).toBe('/insights/certifications');
  });

  it('is one a UTC day per organization, and a holder hears once per state of a term', () => {
    expect(sweepDay(new Date('2031-01-10T23:59:59.999Z'))).toBe('2031-01-10');
    expect(sweepDay(new Date('2031-01-11T00:00:00Z'))).toBe('2031-01-11');
    const digest = { organization_id: 7, day: '2031-01-10', expiring_soon: 1, expired: 0 };
    expect(digestKey(digest)).toBe('certification-digest:7:2031-01-10');
    const term = { id: 4, expires_at: new Date('2031-02-01T00:00:00Z') };
    const renewed = { id: 4, expires_at: new Date('2032-02-01T00:00:00Z') };
    const keys = new Set([
      holderNoticeKey(term, 'expiring_soon'),
      holderNoticeKey(term, 'expired'),
      holderNoticeKey(renewed, 'expiring_soon'),
    ]);
    expect(keys.size).toBe(3);
  });
});

describe("a holder's expiry notice", () => {
  it("reaches the organization's people, not those it suspended nor those gone", () => {
    const found = [
      { id: 1, suspended: false },
      { id: 2, suspended: true },
    ];
    expect(holdersToTell([1, 2, 3], found)).toEqual(
      new Map([
        [1, true],
        [2, false],
        [3, false],
      ]),
    );
  });
});
