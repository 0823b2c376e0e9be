import type { DataSource } from 'typeorm';
import { databaseOfTheFile } from '@hub/testing/database-of-the-file';
import { OBSERVATION_SCHEMA, openObservationDatabase } from '../database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The database as a server set to another zone than UTC answers: `zone` becomes the sessions'
 * default, so SQL that leans on the session's calendar shows it. The URL's options replace the
 * service's own (its schema and UTC), so the schema is named again.
 */
export const inZone = (url: string, zone: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(
    `-c search_path=${OBSERVATION_SCHEMA} -c timezone=${zone}`,
  )}`;

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

/**
 * Two certifications of `organizationId` expiring around the end of a 30-day window of 24-hour
 * days: holder 1 half an hour inside it, holder 2 half an hour past it, titled by `title`.
 */
export async function expiringAroundTheWindow(
  db: Pick<DataSource, 'query'>,
  organizationId: number,
  title: (holder: 1 | 2) => string,
  codePrefix: string,
): Promise<void> {
  await db.query(
    `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
       validity_months, issued_at, expires_at, verification_code)
     SELECT $1, n, 'Holder ' || n, 'sop', 4, CASE n WHEN 1 THEN $2 ELSE $3 END, 12,
            now() - interval '1 year',
            now() + make_interval(mins => 30 * 24 * 60 + CASE n WHEN 1 THEN -30 ELSE 30 END),
            $4 || n
       FROM generate_series(1, 2) n`,
    [organizationId, title(1), title(2), codePrefix],
  );
}

/**
 * A test file's database in a zone whose clocks go forward soon (zoneSpringingForwardSoon),
 * holding expiringAroundTheWindow's two certifications, titled 'Inside' (holder 1) and 'Past'
 * (holder 2): opened before the file's tests, closed after them.
 */
export function zonedDatabaseExpiringAroundTheWindow(
  organizationId: number,
  codePrefix: string,
): { readonly db: DataSource } {
  const title = (holder: 1 | 2) => (holder === 1 ? 'Inside' : 'Past');
  return databaseOfTheFile(
    (url) => openObservationDatabase(inZone(url, zoneSpringingForwardSoon(new Date()))),
    (db) => expiringAroundTheWindow(db, organizationId, title, codePrefix),
  );
}
