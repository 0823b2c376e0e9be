import {
  type CertificationState,
  DEFAULT_VALIDITY_MONTHS,
  EXPIRING_SOON_DAYS,
  type Reobservation,
} from '@hub/proto';
import { calendarDaysUntil } from '@hub/kit';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The same day of the month `months` later (UTC). A day the target month lacks becomes its
 * last day, so a certificate issued on 31 January runs to 28 or 29 February, never into March.
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The SOP's own validity wins over the organization's default, which wins over 12 months. */
export function validityMonths(sopMonths: number | null, organizationMonths: number | null) {
  return sopMonths ?? organizationMonths ?? DEFAULT_VALIDITY_MONTHS;
}

/** A pass (new or renewing) runs from the moment of the pass for the validity in force then. */
export function termFrom(passedAt: Date, months: number) {
  return { issuedAt: passedAt, expiresAt: addMonths(passedAt, months) };
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

/** The same rule in SQL, for filters and counters; `table` is the alias of certifications. */
export function stateSql(table = 'certifications'): string {
  return `CASE WHEN ${table}.revoked_at IS NOT NULL THEN 'revoked'
    WHEN ${table}.expires_at <= now() THEN 'expired'
    WHEN ${table}.expires_at <= now() + interval '${EXPIRING_SOON_DAYS} days' THEN 'expiring_soon'
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
