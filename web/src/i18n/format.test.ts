import { DEFAULT_PREFERENCES } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateIn,
  formatDateTime,
  formatDateTimeIn,
  formatFileSize,
  formatMediumDate,
  formatMonth,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  setDatePreferences,
} from './format';
import { i18n } from './i18n';

const instant = new Date('2026-11-23T23:30:00Z');
/** Intl separates French digit groups and the % sign with (narrow) no-break spaces. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function inLanguage(language: 'en' | 'es' | 'fr') {
  await i18n.changeLanguage(language);
}

afterEach(async () => {
  setDatePreferences(DEFAULT_PREFERENCES);
  await inLanguage('en');
});

describe('dates in the user preferences', () => {
  it('writes each date format', () => {
    expect(formatDateIn(instant, { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' })).toBe('11/23/2026');
    expect(formatDateIn(instant, { timeZone: 'UTC', dateFormat: 'DD/MM/YYYY' })).toBe('23/11/2026');
    expect(formatDateIn(instant, { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' })).toBe('2026-11-23');
  });

  it('reads the date and time in the chosen zone (the day may change)', () => {
    expect(formatDateIn(instant, { timeZone: 'Asia/Tokyo', dateFormat: 'YYYY-MM-DD' })).toBe(
      '2026-11-24',
    );
    expect(formatDateTimeIn(instant, { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' }, 'en')).toBe(
      '11/23/2026, 11:30 PM',
    );
    expect(
      formatDateTimeIn(instant, { timeZone: 'America/New_York', dateFormat: 'DD/MM/YYYY' }, 'en'),
    ).toBe('23/11/2026, 6:30 PM');
  });

  it('writes the time of day the way the language does', () => {
    const utc = { timeZone: 'UTC', dateFormat: 'DD/MM/YYYY' } as const;
    expect(formatDateTimeIn(instant, utc, 'fr')).toBe('23/11/2026, 23:30');
    expect(formatDateTimeIn(instant, utc, 'es')).toBe('23/11/2026, 23:30');
  });

  it('applies the saved preferences and the language shown', async () => {
    setDatePreferences({ timeZone: 'Europe/Paris', dateFormat: 'DD/MM/YYYY' });
    await inLanguage('fr');
    expect(formatDateTime('2026-11-23T13:05:00Z')).toBe('23/11/2026, 14:05');
    expect(formatDate(null)).toBe('Jamais');
    expect(formatMediumDate('2026-11-26T12:00:00Z')).toBe('26 nov. 2026');
    await inLanguage('en');
    expect(formatDate(null)).toBe('Never');
    expect(formatMediumDate('2026-11-26T12:00:00Z')).toBe('Nov 26, 2026');
  });

  it("names a chart's month in the language shown, the same month in every zone", async () => {
    setDatePreferences({ timeZone: 'Pacific/Honolulu', dateFormat: 'DD/MM/YYYY' });
    await inLanguage('fr');
    expect(formatMonth('2026-12')).toBe('déc. 2026');
    await inLanguage('es');
    expect(formatMonth('2026-01')).toBe('ene 2026');
    await inLanguage('en');
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonth('not a month')).toBe('not a month');
  });

  it('writes a day in the order of the language shown when no format was chosen', async () => {
    // 4 March: a Spanish or French reader takes 03/04 for 3 April.
    const fourthOfMarch = '2026-03-04T12:00:00Z';
    setDatePreferences({ ...DEFAULT_PREFERENCES, timeZone: 'UTC' });
    expect(formatDate(fourthOfMarch)).toBe('03/04/2026');
    await inLanguage('es');
    expect(formatDate(fourthOfMarch)).toBe('04/03/2026');
    expect(formatDate('2026-03-04')).toBe('04/03/2026');
    await inLanguage('fr');
    expect(formatDateTime(fourthOfMarch)).toBe('04/03/2026, 12:00');
    // A format the person chose wins over the language's.
    setDatePreferences({ timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' });
    expect(formatDate(fourthOfMarch)).toBe('03/04/2026');
    // The language passed wins over the one shown.
    const automatic = { timeZone: 'UTC', dateFormat: null };
    const inEnglish = formatDateTimeIn(new Date(fourthOfMarch), automatic, 'en');
    expect(inEnglish).toBe('03/04/2026, 12:00 PM');
  });

  it('names the same calendar day whatever the zone (a due date is a day, not an instant)', () => {
    setDatePreferences({ timeZone: 'America/Los_Angeles', dateFormat: 'MM/DD/YYYY' });
    expect(formatDate('2026-12-01')).toBe('12/01/2026');
    expect(formatDate('2026-12-01T06:00:00Z')).toBe('11/30/2026');
  });
});

describe('figures in the language shown', () => {
  it('groups digits the way each language does', async () => {
    expect(formatNumber(12345)).toBe('12,345');
    await inLanguage('fr');
    expect(spaces(formatNumber(12345))).toBe('12 345');
    await inLanguage('es');
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(undefined)).toBeUndefined();
  });

  it('never turns a missing percentage into 0%', async () => {
    expect(formatPercent(null)).toBe('No data yet');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(87.25)).toBe('87.3%');
    await inLanguage('fr');
    expect(spaces(formatPercent(87.25))).toBe('87,3 %');
    expect(formatPercent(null)).toBe('Pas encore de données');
  });
});

describe('file sizes', () => {
  it('uses Bytes, KB, MB and GB in English, base 1024, at most two decimals (spec section 9)', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatFileSize(3 * 1024 ** 3 + 1024 ** 3 / 4)).toBe('3.25 GB');
  });

  it('stays in GB above a terabyte and reads nonsense as zero', () => {
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2,048 GB');
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });

  it('writes Spanish sizes with a decimal comma', async () => {
    await inLanguage('es');
    expect(spaces(formatFileSize(2.5 * 1024 ** 2))).toBe('2,5 MB');
    expect(spaces(formatFileSize(1536))).toBe('1,5 kB');
    expect(spaces(formatFileSize(3.25 * 1024 ** 3))).toBe('3,25 GB');
    expect(spaces(formatFileSize(512))).toBe('512 B');
  });

  it('writes French sizes in octets', async () => {
    await inLanguage('fr');
    expect(spaces(formatFileSize(2.5 * 1024 ** 2))).toBe('2,5 Mo');
    expect(spaces(formatFileSize(1536))).toBe('1,5 ko');
    expect(spaces(formatFileSize(3.25 * 1024 ** 3))).toBe('3,25 Go');
    expect(spaces(formatFileSize(512))).toBe('512 o');
    expect(spaces(formatFileSize(2 * 1024 ** 4))).toBe('2 048 Go');
  });

  it('follows the language it is given', () => {
    expect(spaces(formatFileSize(2.5 * 1024 ** 2, 'fr'))).toBe('2,5 Mo');
  });
});

describe('relative times', () => {
  const now = new Date('2025-01-10T12:00:00Z');
  it('says how long ago, in the language shown', async () => {
    expect(formatRelativeTime('2025-01-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2025-01-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-01-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('not a date', now)).toBe('');
    await inLanguage('es');
    expect(formatRelativeTime('2025-01-10T09:00:00Z', now)).toBe('hace 3 horas');
    expect(formatRelativeTime('2025-01-09T12:00:00Z', now)).toBe('ayer');
    await inLanguage('fr');
    expect(formatRelativeTime('2025-01-10T11:59:30Z', now)).toBe("à l'instant");
    expect(formatRelativeTime('2025-01-10T11:55:00Z', now)).toBe('il y a 5 minutes');
  });
});
