/**
 * Where an organization's "today" begins, as a SQL expression: the last local midnight before
 * `now` in its default time zone, UTC when it has none (the column is null until an
 * administrator sets one). Every "today" of identity counts from this one expression, and other
 * services ask for its value (identityRpc.organizationDayStart), so a day is the same everywhere.
 *
 * `zone` is the organization's `default_time_zone` column as the statement names it; `now` an
 * instant expression, a parameter where a caller (a test) chooses the moment.
 */
export function organizationDayStart(zone: string, now = 'now()'): string {
  const tz = `coalesce(${zone}, 'UTC')`;
  return `(date_trunc('day', ${now} AT TIME ZONE ${tz}) AT TIME ZONE ${tz})`;
}

/** The organization's calendar date of `instant` (a SQL expression), as organizationDayStart. */
export function organizationDate(zone: string, instant: string): string {
  return `(${instant} AT TIME ZONE coalesce(${zone}, 'UTC'))::date`;
}
