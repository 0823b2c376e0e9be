import { DEFAULT_PREFERENCES } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  canRevoke,
  categoryShare,
  expiryText,
  matchesSearch,
  reobservationText,
  scoreText,
  seesEveryone,
} from './format';
import { setDatePreferences } from '../ui/dates';
import { i18n } from '../i18n/i18n';
import { aCertification } from './certification-pages.test-support';

// The preferences are the module's state, shared with the files the worker runs next (unit's
// isolate: false): each test here sets its own, and the defaults are back after it.
afterEach(() => setDatePreferences(DEFAULT_PREFERENCES));

const certification = aCertification();

describe('certification text', () => {
  /** A French row read 'Score 66.7 %': the decimal point of English in a comma language. */
  it("writes the score in the reader's number format", async () => {
    expect(scoreText(66.7)).toBe('Score 66.7%');
    try {
      await i18n.changeLanguage('fr');
      // Intl's own percent: a no-break space keeps the sign on the figure's line.
      expect(scoreText(66.7)).toBe('Score 66,7\u00a0%');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('dates in the time zone and format the user chose', () => {
    setDatePreferences({ timeZone: 'Asia/Tokyo', dateFormat: 'DD/MM/YYYY' });
    expect(expiryText({ ...certification, expiresAt: '2026-11-30T23:30:00.000Z' })).toBe(
      'Expires 01/12/2026',
    );
  });

  it('says which version asks for a re-observation, and since when', () => {
    setDatePreferences({ timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    expect(reobservationText({ version: 3, since: '2026-11-20T08:00:00.000Z' })).toBe(
      'Version 3 changed a safety-relevant section on 2026-11-20: a passed observation clears this.',
    );
  });

  it('says when it expires, expired or was revoked', () => {
    setDatePreferences({ timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    expect(expiryText(certification)).toBe('Expires 2027-01-31');
    expect(expiryText({ ...certification, state: 'expired' })).toBe('Expired 2027-01-31');
    expect(
      expiryText({ ...certification, state: 'revoked', revokedAt: '2026-05-01T00:00:00Z' }),
    ).toBe('Revoked 2026-05-01');
  });

  it('gives each category its share of the bar', () => {
    const categories = [{ count: 3 }, { count: 1 }];
    expect(categoryShare(3, categories)).toBe(75);
    expect(categoryShare(0, [])).toBe(0);
  });

  it('searches holder, title and categories', () => {
    expect(matchesSearch(certification, 'otto')).toBe(true);
    expect(matchesSearch(certification, 'KITCHEN')).toBe(true);
    expect(matchesSearch(certification, 'forklift')).toBe(false);
    expect(matchesSearch(certification, '  ')).toBe(true);
  });

  it('lets administrators revoke, and staff see everyone', () => {
    expect(canRevoke('admin')).toBe(true);
    expect(canRevoke('training_supervisor')).toBe(false);
    expect(seesEveryone('manager')).toBe(true);
    expect(seesEveryone('operator')).toBe(false);
  });
});
