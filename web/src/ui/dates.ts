import { DEFAULT_PREFERENCES, type DateFormat, type UserPreferences } from '@hub/proto';

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

function parts(date: Date, timeZone: string | null, withTime: boolean) {
  const formatter = new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: 'numeric', minute: '2-digit', hour12: true } : {}),
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

/** A date in the given zone and format: '11/23/2026'. */
export function formatDateIn(date: Date, preferences: DatePreferences): string {
  return datePart(parts(date, preferences.timeZone, false), preferences.dateFormat);
}

/** A date and time in the given zone and format: '11/23/2026, 3:05 PM'. */
export function formatDateTimeIn(date: Date, preferences: DatePreferences): string {
  const found = parts(date, preferences.timeZone, true);
  return `${datePart(found, preferences.dateFormat)}, ${found.hour}:${found.minute} ${found.dayPeriod}`;
}

/** A calendar day ('2026-12-01', a due date) names the same day in every zone. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date as the tables show it; a missing one reads 'Never'. */
export function formatDate(iso: string | null): string {
  if (!iso) return 'Never';
  if (CALENDAR_DAY.test(iso)) {
    const day = new Date(`${iso}T00:00:00Z`);
    if (!Number.isNaN(day.getTime())) {
      return formatDateIn(day, { timeZone: 'UTC', dateFormat: current.dateFormat });
    }
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateIn(date, current);
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateTimeIn(date, current);
}
