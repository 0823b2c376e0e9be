import {
  chooseDateFormat,
  DEFAULT_PREFERENCES,
  type DateFormat,
  type UserPreferences,
} from '@hub/proto';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';
import { supportedLanguage, type Language } from './language';

/**
 * The one place the web app turns dates, times and figures into text (issue #46, point 4):
 * through Intl, in the language shown (i18next's, which follows the user's preference or the
 * browser), the user's time zone and the user's date format (else the language's order).
 * Components call these functions (or useFormat(), which re-renders them when the language
 * changes); a `toLocaleString(` or a `new Intl.*Format('en')` anywhere else in web/src fails
 * format-usage.test.ts.
 */

/** The part of the user's preferences that decides how dates read. */
export type DatePreferences = Pick<UserPreferences, 'timeZone' | 'dateFormat'>;

/**
 * The signed-in user's preferences, set by the shell before any page renders (it waits for
 * them) and again when they are saved: every date the app shows goes through the functions
 * below, so one setting changes them all without threading it through each component.
 */
let current: DatePreferences = DEFAULT_PREFERENCES;

export function setDatePreferences(preferences: DatePreferences): void {
  current = { timeZone: preferences.timeZone, dateFormat: preferences.dateFormat };
}

export function datePreferences(): DatePreferences {
  return current;
}

/** The language texts are shown in now: i18next's, else English. */
export function formatLanguage(): Language {
  return supportedLanguage(i18n.language ?? 'en') ?? 'en';
}

function parts(date: Date, timeZone: string | null) {
  // The digits only: the order comes from the date format (chosen, else the language's), not
  // from Intl, whose orders differ from the ones the preference offers.
  const formatter = new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const found: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) found[part.type] = part.value;
  return found;
}

function datePart(found: Record<string, string>, format: DateFormat): string {
  const { year = '', month = '', day = '' } = found;
  if (format === 'DD/MM/YYYY') return `${day}/${month}/${year}`;
  if (format === 'YYYY-MM-DD') return `${year}-${month}-${day}`;
  return `${month}/${day}/${year}`;
}

/** The time of day in the language's own way: '3:05 PM' in English, '15:05' in French. */
export function formatTimeIn(
  date: Date,
  preferences: Pick<DatePreferences, 'timeZone'>,
  language: Language = formatLanguage(),
): string {
  return (
    new Intl.DateTimeFormat(language, {
      ...(preferences.timeZone ? { timeZone: preferences.timeZone } : {}),
      hour: 'numeric',
      minute: '2-digit',
    })
      .format(date)
      // Some ICU builds put a narrow no-break space before 'PM'; a plain one reads (and matches) the same.
      .replace(/\u202f/g, ' ')
  );
}

/**
 * A date in the given zone and format: '11/23/2026'; with no format chosen, in the order of
 * the language ('23/11/2026' in Spanish and French).
 */
export function formatDateIn(
  date: Date,
  preferences: DatePreferences,
  language: Language = formatLanguage(),
): string {
  const format = chooseDateFormat(preferences.dateFormat, language);
  return datePart(parts(date, preferences.timeZone), format);
}

/** A date and time in the given zone and format: '11/23/2026, 3:05 PM' ('23/11/2026, 15:05'). */
export function formatDateTimeIn(
  date: Date,
  preferences: DatePreferences,
  language: Language = formatLanguage(),
): string {
  const day = formatDateIn(date, preferences, language);
  return `${day}, ${formatTimeIn(date, preferences, language)}`;
}

/** A calendar day ('2026-12-01', a due date) names the same day in every zone. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date as the tables show it; a missing one reads 'Never'. */
export function formatDate(iso: string | null): string {
  if (!iso) return i18n.t('format.never');
  if (CALENDAR_DAY.test(iso)) {
    const day = new Date(`${iso}T00:00:00Z`);
    if (!Number.isNaN(day.getTime())) {
      return formatDateIn(day, { timeZone: 'UTC', dateFormat: current.dateFormat });
    }
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateIn(date, current);
}

/**
 * Today as a calendar day (YYYY-MM-DD) where the user is: in their chosen time zone, else the
 * browser's. A due date is such a day: it passes at the user's midnight, not at UTC's.
 */
export function todayCalendarDay(now: Date = new Date()): string {
  const { year = '', month = '', day = '' } = parts(now, current.timeZone);
  return `${year}-${month}-${day}`;
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return i18n.t('format.never');
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateTimeIn(date, current);
}

/** The time of day of an instant, in the user's zone: '3:05 PM'. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatTimeIn(date, current);
}

/**
 * A day with its month named, in the user's language and zone, for lines that read as a
 * sentence: 'Nov 26, 2026', '26 nov 2026', '26 nov. 2026'.
 */
export function formatMediumDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(formatLanguage(), {
    ...(current.timeZone ? { timeZone: current.timeZone } : {}),
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
}

/**
 * A calendar month ('2026-12', a chart's bucket) named in the user's language: 'Dec 2026',
 * 'dic 2026', 'déc. 2026'. It names the same month in every zone.
 */
export function formatMonth(month: string): string {
  const start = new Date(`${month}-01T00:00:00Z`);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(start.getTime())) return month;
  return new Intl.DateTimeFormat(formatLanguage(), {
    timeZone: 'UTC',
    month: 'short',
    year: 'numeric',
  }).format(start);
}

/** A count in the language's digits grouping: '12,345', '12.345', '12 345'. */
export function formatNumber(value: number): string;
export function formatNumber(value: number | undefined): string | undefined;
export function formatNumber(value: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  return new Intl.NumberFormat(formatLanguage()).format(value);
}

/**
 * A percentage given as 0-100, one decimal at most: '87.3%', '87,3 %'. A null figure has no
 * data behind it yet; it must never be shown as 0%.
 */
export function formatPercent(value: number | null): string {
  if (value === null) return i18n.t('format.noDataYet');
  return new Intl.NumberFormat(formatLanguage(), {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(value / 100);
}

/** A figure with a fixed number of decimals: '4.5', '4,5'. */
export function formatDecimal(value: number, digits: number): string {
  return new Intl.NumberFormat(formatLanguage(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A change in percent with its sign and a fixed number of decimals: '+5.0%', '-2.3%', '0%'. */
export function formatSignedPercent(value: number, digits: number): string {
  return new Intl.NumberFormat(formatLanguage(), {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value / 100);
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * Spec section 9 writes English sizes 'Bytes', 'KB', 'MB', 'GB' where CLDR has 'byte' and 'kB';
 * the other languages take CLDR's own words ('2,5 MB', '2,5 Mo').
 */
const ENGLISH_SIZE_UNITS: Record<(typeof SIZE_UNITS)[number], string> = {
  byte: 'Bytes',
  kilobyte: 'KB',
  megabyte: 'MB',
  gigabyte: 'GB',
};

/** A file size, base 1024, two decimals at most: '1.5 KB', '2.25 MB'; '2,5 MB'; '2,5 Mo'. */
export function formatFileSize(bytes: number, language: Language = formatLanguage()): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const exponent =
    size === 0 ? 0 : Math.min(Math.floor(Math.log(size) / Math.log(1024)), SIZE_UNITS.length - 1);
  const unit = SIZE_UNITS[exponent]!;
  const parts = new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).formatToParts(size / 1024 ** exponent);
  return parts
    .map((part) =>
      part.type === 'unit' && language === 'en' ? ENGLISH_SIZE_UNITS[unit] : part.value,
    )
    .join('');
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '2024-05-01T10:00:00Z' relative to now: 'just now', '5 minutes ago', 'yesterday', ... */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return i18n.t('format.justNow');
  const format = new Intl.RelativeTimeFormat(formatLanguage(), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return i18n.t('format.justNow');
}

/**
 * The formatting functions for a component: calling it subscribes the component to language
 * changes, so its dates and figures switch with its texts.
 */
export function useFormat() {
  useTranslation();
  return {
    formatDate,
    formatDateTime,
    formatTime,
    formatMediumDate,
    formatNumber,
    formatPercent,
    formatRelativeTime,
    formatFileSize,
  } as const;
}
