import { DEFAULT_PREFERENCES, type Recommendation } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { setDatePreferences } from '../i18n/format';
import { applyLanguage, i18n } from '../i18n/i18n';
import { evidenceLabel, evidenceValue, recommendationWords } from './texts';

const stored = (overrides: Partial<Recommendation>): Recommendation => ({
  id: 1,
  rule: 'certification_expiring_unscheduled',
  category: 'Safety Enhancements',
  priority: 'High',
  title: 'Renew Ana\'s certification "Forklift"',
  description: 'English words',
  evidence: [],
  action: { label: 'Schedule an observation', href: '/library/observations' },
  text: null,
  state: 'active',
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...overrides,
});

async function readIn(language: 'es' | 'fr') {
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

describe('a recommendation in its reader’s language', () => {
  afterEach(() => applyLanguage('en'));

  it('words its text key with its parts, counts included', async () => {
    await readIn('es');
    const words = recommendationWords(
      stored({
        text: {
          key: 'certification_expiring_unscheduled',
          params: { holder: 'Ana', title: 'Forklift', days: 1 },
        },
      }),
    );
    expect(words.title).toBe('Renovar la certificación "Forklift" de Ana');
    expect(words.description).toContain('vence en 1 día y');
    expect(words.action).toBe('Programar una observación');
  });

  it('keeps the English words of one stored before texts had keys', async () => {
    await readIn('fr');
    expect(recommendationWords(stored({})).description).toBe('English words');
  });

  it('words fixed evidence labels and values, and leaves names as they are', async () => {
    await readIn('fr');
    const missed = {
      label: 'Missed by',
      labelKey: 'missed_by',
      value: '3 of 4 people',
      valueText: { key: 'people_of', params: { count: 3, total: 4 } },
      href: null,
    } as const;
    expect(evidenceLabel(missed)).toBe('Ratée par');
    expect(evidenceValue(missed)).toBe('3 personnes sur 4');
    const person = { label: 'Ana', value: 'Forklift', href: null };
    expect([evidenceLabel(person), evidenceValue(person)]).toEqual(['Ana', 'Forklift']);
  });
});

describe('a certification expiring, on its reader’s calendar', () => {
  afterEach(() => setDatePreferences(DEFAULT_PREFERENCES));

  /** As the rules store it: a count of days when they ran, and the instant of expiry beside it. */
  const expiring = (days: number, expiresAt: string) =>
    stored({
      text: {
        key: 'certification_expiring_unscheduled',
        params: { holder: 'Ana', title: 'Forklift', days },
      },
      evidence: [
        {
          label: 'Expires',
          labelKey: 'expires',
          value: expiresAt.slice(0, 10),
          valueText: { key: 'date', params: { date: expiresAt } },
          href: null,
        },
      ],
    });
  const readIn = (timeZone: string) => setDatePreferences({ timeZone, dateFormat: 'YYYY-MM-DD' });

  it('counts the days to the date beside it where the reader is, as they read it', () => {
    readIn('Europe/Madrid');
    // 31 March 10:00 in Madrid; stored as 2 days (25 hours) by a run at 09:00 the day before.
    const madrid = expiring(2, '2027-03-31T08:00:00.000Z');
    const dayBefore = recommendationWords(madrid, new Date('2027-03-30T07:00:00Z'));
    expect(dayBefore.description).toContain('expires in 1 day and');
    const sameDay = recommendationWords(madrid, new Date('2027-03-31T07:00:00Z'));
    expect(sameDay.description).toContain('expires in 0 days and');
  });

  it('dates it on the reader’s calendar, the count agreeing', () => {
    readIn('America/Los_Angeles');
    // 31 March 20:00 in Los Angeles: 1 April in UTC, 2 UTC days from 09:00 on 30 March.
    const losAngeles = expiring(2, '2027-04-01T03:00:00.000Z');
    expect(evidenceValue(losAngeles.evidence[0]!)).toBe('2027-03-31');
    const words = recommendationWords(losAngeles, new Date('2027-03-30T16:00:00Z'));
    expect(words.description).toContain('expires in 1 day and');
  });

  it('keeps the stored count of one stored with its day only', () => {
    readIn('America/Los_Angeles');
    const older = expiring(2, '2027-04-01');
    const words = recommendationWords(older, new Date('2027-03-30T16:00:00Z'));
    expect(words.description).toContain('expires in 2 days and');
  });
});
