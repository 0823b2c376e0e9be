import {
  type CertificationState,
  DEFAULT_VALIDITY_MONTHS,
  EXPIRING_SOON_DAYS,
  type Reobservation,
} from '@hub/proto';
import { calendarDaysUntil } from '@hub/kit';

const DAY_MS = 24 * 60 * 60 * 1000;

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading of a moment in a zone, as if it were UTC (milliseconds kept). */
function wallClock(date: Date, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: string) => Number(parts.find((found) => found.type === type)?.value);
  const seconds = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return seconds + date.getUTCMilliseconds();
}

/** The moment a zone's clocks read `wall` (an hour skipped by daylight saving reads an hour on). */
function fromWallClock(wall: number, timeZone: string): Date {
  const guess = wall - (wallClock(new Date(wall), timeZone) - wall);
  return new Date(wall - (wallClock(new Date(guess), timeZone) - guess));
}

/**
 * The same day of the month and time of day `months` later, on `timeZone`'s calendar (the
 * holder's, on which the certificate prints both dates: 1 March in Auckland plus 12 months is
 * 1 March there, where UTC's calendar, still on 28 February, ended a day short). A day the
 * target month lacks becomes its last day, so a certificate issued on 31 January runs to 28 or
 * 29 February, never into March.
 */
export function addMonths(date: Date, months: number, timeZone = 'UTC'): Date {
  const result = new Date(wallClock(date, timeZone));
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return timeZone === 'UTC' ? result : fromWallClock(result.getTime(), timeZone);
}

/** The SOP's own validity wins over the organization's default, which wins over 12 months. */
export function validityMonths(sopMonths: number | null, organizationMonths: number | null) {
  return sopMonths ?? organizationMonths ?? DEFAULT_VALIDITY_MONTHS;
}

/**
 * A pass (new or renewing) runs from the moment of the pass for the validity in force then,
 * counted on the holder's calendar (`timeZone`).
 */
export function termFrom(passedAt: Date, months: number, timeZone = 'UTC') {
  return { issuedAt: passedAt, expiresAt: addMonths(passedAt, months, timeZone) };
}

export interface CertificationDates {
  expiresAt: Date;
  revokedAt: Date | null;
}

/**
 * Revoked wins; then expired once the expiry moment is reached; then expiring soon within
 * 30 days of it; otherwise active.
 */
export function certificationState(
  certification: CertificationDates,
  now: Date,
): CertificationState {
  if (certification.revokedAt) return 'revoked';
  const left = certification.expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  if (left <= EXPIRING_SOON_DAYS * DAY_MS) return 'expiring_soon';
  return 'active';
}

/**
 * Where the expiring-soon window ends, in SQL: counted in hours, as certificationState counts
 * it, not days: a timestamptz plus `n days` moves the session zone's calendar, an hour short or
 * long across a daylight-saving change on a server not set to UTC.
 */
export const EXPIRING_SOON_END_SQL = `now() + make_interval(hours => ${EXPIRING_SOON_DAYS * 24})`;

/** The same rule in SQL, for filters and counters; `table` is the alias of certifications. */
export function stateSql(table = 'certifications'): string {
  return `CASE WHEN ${table}.revoked_at IS NOT NULL THEN 'revoked'
    WHEN ${table}.expires_at <= now() THEN 'expired'
    WHEN ${table}.expires_at <= ${EXPIRING_SOON_END_SQL} THEN 'expiring_soon'
    ELSE 'active' END`;
}

/**
 * The state the holder should now hear about, or null: only expiring soon and expired are
 * announced, each once (a renewal clears what was announced, so the next expiry is told again).
 */
export function announcementDue(
  state: CertificationState,
  announced: 'expiring_soon' | 'expired' | null,
): 'expiring_soon' | 'expired' | null {
  if (state !== 'expiring_soon' && state !== 'expired') return null;
  return state === announced ? null : state;
}

/**
 * Calendar days from now to the day of the expiry (0 on that day), on UTC's calendar: the
 * holder's zone is identity's, which counts again on it as it writes the notice beside the date.
 */
export function daysLeft(expiresAt: Date, now: Date): number {
  return calendarDaysUntil(expiresAt, now, 'UTC');
}

/** Whether a certification in this state still certifies (what re-observation can suspend). */
export const inForce = (state: CertificationState) =>
  state === 'active' || state === 'expiring_soon';

/**
 * The re-observation a certification waits for: only while it is in force (an expired or
 * revoked one needs a pass anyway) and only for SOPs (courses have no observation).
 */
export function pendingReobservation(
  row: { kind: string; reobservation_version: number | null; reobservation_since: Date | null },
  state: CertificationState,
): Reobservation | null {
  if (row.kind !== 'sop' || row.reobservation_version === null || !inForce(state)) return null;
  return {
    version: row.reobservation_version,
    since: (row.reobservation_since ?? new Date(0)).toISOString(),
  };
}
