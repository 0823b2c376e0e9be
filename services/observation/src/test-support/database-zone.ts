import type { DataSource } from 'typeorm';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The database as a server set to another zone than UTC answers: `zone` becomes the sessions'
 * default, so SQL that leans on the session's calendar shows it.
 */
export const inZone = (url: string, zone: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c timezone=${zone}`)}`;

/**
 * A POSIX zone (UTC, then UTC+1 from 10 days on, for 100 days) whose clocks go forward inside
 * the next 30 days whatever the day the test runs: no real zone changes in December or January.
 * Days are zero-based days of the UTC year (`n`, counting 29 February).
 */
export function zoneSpringingForwardSoon(now: Date): string {
  const from = dayOfYear(new Date(now.getTime() + 10 * DAY_MS));
  return `<+00>0<+01>-1,${from}/0,${(from + 100) % 365}/0`;
}

function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS);
}

/** What a test's database session says its zone is, to check `inZone` took. */
export async function sessionZone(db: Pick<DataSource, 'query'>): Promise<string | undefined> {
  const [row] = (await db.query(`SELECT current_setting('TimeZone') AS zone`)) as {
    zone: string;
  }[];
  return row?.zone;
}
