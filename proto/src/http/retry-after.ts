/**
 * Retry-After (RFC 9110, 10.2.3) read one way for the server and the web app: delay-seconds or
 * an HTTP-date (5.6.7). Pure: the caller gives the time "now" is.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

// The three forms 5.6.7 makes recipients accept. Each names its day, month, year and time groups,
// so all three are read by one function. Case-insensitive, as 5.6.7 asks recipients to be robust.
const FORMS: readonly {
  pattern: RegExp;
  day: number;
  month: number;
  year: number;
  time: number;
}[] = [
  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  {
    pattern: new RegExp(
      `^(?:mon|tue|wed|thu|fri|sat|sun), (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`,
      'i',
    ),
    day: 1,
    month: 2,
    year: 3,
    time: 4,
  },
  // rfc850-date, obsolete: Sunday, 06-Nov-94 08:49:37 GMT
  {
    pattern: new RegExp(
      `^(?:mon|tues|wednes|thurs|fri|satur|sun)day, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`,
      'i',
    ),
    day: 1,
    month: 2,
    year: 3,
    time: 4,
  },
  // asctime-date, obsolete, in GMT though it does not say so: Sun Nov  6 08:49:37 1994
  {
    pattern: new RegExp(
      `^(?:mon|tue|wed|thu|fri|sat|sun) ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`,
      'i',
    ),
    day: 2,
    month: 1,
    year: 6,
    time: 3,
  },
];

/**
 * The wait a Retry-After asks for, in ms: delay-seconds, or until an HTTP-date (one already
 * past being no wait, 0). Undefined when the header is missing, empty, negative or unreadable:
 * that says nothing of a wait, which is not a wait of 0 (Number('') is 0). Dates are read by the
 * grammar, never by Date.parse, which takes nearly anything ('soon 5' is May 2001 in V8) and
 * differs between browsers on the obsolete forms.
 */
export function retryAfterMs(
  header: string | null | undefined,
  now: Date | number,
): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const date = httpDate(value, nowMs);
  return date === undefined ? undefined : Math.max(0, date - nowMs);
}

/** An HTTP-date's instant in ms, or undefined when it is none or names no real day and time. */
function httpDate(value: string, nowMs: number): number | undefined {
  for (const form of FORMS) {
    const parts = form.pattern.exec(value);
    if (!parts) continue;
    const part = (group: number): number => Number(parts[group]);
    const month = MONTHS.indexOf(parts[form.month]!.toLowerCase());
    const day = part(form.day);
    const year =
      parts[form.year]!.length === 2 ? fullYear(part(form.year), nowMs) : part(form.year);
    const [hours, minutes, seconds] = [part(form.time), part(form.time + 1), part(form.time + 2)];
    // 60 s is a leap second (5.6.7 allows it); Date.UTC carries it into the next minute.
    if (hours > 23 || minutes > 59 || seconds > 60) return undefined;
    const instant = Date.UTC(year, month, day, hours, minutes, seconds);
    // Date.UTC carries 31 Feb into March: a day the month does not have is no date.
    return new Date(instant).getUTCDate() === day ? instant : undefined;
  }
  return undefined;
}

/**
 * The year of an rfc850-date's two digits: this century's, unless that is more than 50 years
 * ahead, then the last century's (5.6.7).
 */
function fullYear(twoDigits: number, nowMs: number): number {
  const thisYear = new Date(nowMs).getUTCFullYear();
  const year = thisYear - (thisYear % 100) + twoDigits;
  return year > thisYear + 50 ? year - 100 : year;
}
