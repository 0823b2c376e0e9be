import { describe, expect, it } from 'vitest';
import {
  addMonths,
  announcementDue,
  certificationState,
  daysLeft,
  pendingReobservation,
  termFrom,
  validityMonths,
} from './certification-rules.js';

const at = (iso: string) => new Date(iso);

describe('expiry', () => {
  it('runs the validity in calendar months from the pass', () => {
    const term = termFrom(at('2026-03-15T10:00:00Z'), 12);
    expect(term.issuedAt.toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(term.expiresAt.toISOString()).toBe('2027-03-15T10:00:00.000Z');
  });

  it('ends on the last day of a shorter month instead of spilling into the next', () => {
    expect(addMonths(at('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(at('2027-01-31T08:00:00Z'), 13).toISOString()).toBe(
      '2028-02-29T08:00:00.000Z',
    );
    expect(addMonths(at('2026-08-31T00:00:00Z'), 6).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it("counts the months on the holder's calendar, as the certificate prints both dates", () => {
    // 1 March 2027, 08:00 in Auckland is still 28 February in UTC: a year on UTC's calendar
    // ended on 29 February 2028 there, a day short of what the certificate promised.
    expect(addMonths(at('2027-02-28T19:00:00Z'), 12, 'Pacific/Auckland').toISOString()).toBe(
      '2028-02-29T19:00:00.000Z',
    );
    // 30 April, 21:00 in New York is 1 May in UTC: a month on UTC's calendar ran to 31 May.
    expect(addMonths(at('2026-05-01T01:00:00Z'), 1, 'America/New_York').toISOString()).toBe(
      '2026-05-31T01:00:00.000Z',
    );
    // The same wall-clock time across a change of daylight saving (Madrid: +01:00 to +02:00).
    expect(termFrom(at('2026-01-15T08:30:00Z'), 6, 'Europe/Madrid').expiresAt.toISOString()).toBe(
      '2026-07-15T07:30:00.000Z',
    );
    // The last day of a shorter month on that calendar, never the next month's first.
    expect(addMonths(at('2027-01-30T23:00:00Z'), 1, 'Europe/Paris').toISOString()).toBe(
      '2027-02-27T23:00:00.000Z',
    );
    expect(addMonths(at('2026-03-15T10:00:00Z'), 12, 'UTC').toISOString()).toBe(
      '2027-03-15T10:00:00.000Z',
    );
  });

  it("takes the SOP's validity, else the organization's, else 12 months", () => {
    expect(validityMonths(6, 24)).toBe(6);
    expect(validityMonths(null, 24)).toBe(24);
    expect(validityMonths(null, null)).toBe(12);
  });
});

describe('states', () => {
  const expiresAt = at('2026-12-31T12:00:00Z');

  it('is active until 30 days before expiry, then expiring soon, then expired', () => {
    expect(certificationState({ expiresAt, revokedAt: null }, at('2026-11-30T11:59:59Z'))).toBe(
      'active',
    );
    expect(certificationState({ expiresAt, revokedAt: null }, at('2026-12-01T12:00:00Z'))).toBe(
      'expiring_soon',
    );
    expect(certificationState({ expiresAt, revokedAt: null }, at('2026-12-31T11:59:59Z'))).toBe(
      'expiring_soon',
    );
    expect(certificationState({ expiresAt, revokedAt: null }, at('2026-12-31T12:00:00Z'))).toBe(
      'expired',
    );
  });

  it('is revoked whatever its dates say', () => {
    const revokedAt = at('2026-06-01T00:00:00Z');
    expect(certificationState({ expiresAt, revokedAt }, at('2026-06-02T00:00:00Z'))).toBe(
      'revoked',
    );
    expect(certificationState({ expiresAt, revokedAt }, at('2027-06-02T00:00:00Z'))).toBe(
      'revoked',
    );
  });

  it('a renewal moves an expired certification back to active', () => {
    const renewed = termFrom(at('2027-02-01T09:00:00Z'), 12);
    expect(certificationState({ expiresAt, revokedAt: null }, at('2027-02-01T09:00:00Z'))).toBe(
      'expired',
    );
    expect(
      certificationState(
        { expiresAt: renewed.expiresAt, revokedAt: null },
        at('2027-02-01T09:00:00Z'),
      ),
    ).toBe('active');
  });

  it('counts the calendar days left to the day of the expiry (UTC), 0 on that day', () => {
    expect(daysLeft(expiresAt, at('2026-12-21T12:00:00Z'))).toBe(10);
    // 18 hours before the expiry, the day before it: "on 31 December (in 1 day)".
    expect(daysLeft(expiresAt, at('2026-12-30T18:00:00Z'))).toBe(1);
    expect(daysLeft(at('2027-01-11T02:00:00Z'), at('2027-01-10T03:00:00Z'))).toBe(1);
    expect(daysLeft(expiresAt, at('2026-12-31T06:00:00Z'))).toBe(0);
    expect(daysLeft(expiresAt, at('2027-01-05T00:00:00Z'))).toBe(0);
  });
});

describe('announcements', () => {
  it('announces expiring soon and expired once each, and nothing else', () => {
    expect(announcementDue('active', null)).toBeNull();
    expect(announcementDue('revoked', null)).toBeNull();
    expect(announcementDue('expiring_soon', null)).toBe('expiring_soon');
    expect(announcementDue('expiring_soon', 'expiring_soon')).toBeNull();
    expect(announcementDue('expired', 'expiring_soon')).toBe('expired');
    expect(announcementDue('expired', 'expired')).toBeNull();
  });

  it('announces a certification that expired without ever being seen as expiring', () => {
    expect(announcementDue('expired', null)).toBe('expired');
  });
});

describe('re-observation', () => {
  const since = at('2026-11-20T08:00:00Z');
  const sop = { kind: 'sop', reobservation_version: 3, reobservation_since: since };

  it('is pending on an SOP certification in force that a safety change marked', () => {
    expect(pendingReobservation(sop, 'active')).toEqual({
      version: 3,
      since: '2026-11-20T08:00:00.000Z',
    });
    expect(pendingReobservation(sop, 'expiring_soon')).toMatchObject({ version: 3 });
  });

  it('is not pending unmarked, lapsed, revoked or on a course', () => {
    expect(pendingReobservation({ ...sop, reobservation_version: null }, 'active')).toBeNull();
    expect(pendingReobservation(sop, 'expired')).toBeNull();
    expect(pendingReobservation(sop, 'revoked')).toBeNull();
    expect(pendingReobservation({ ...sop, kind: 'course' }, 'active')).toBeNull();
  });
});
