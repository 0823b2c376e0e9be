import { type Language, type NotificationText, wordFailureReason } from '@hub/proto';
import { en, type ServerCatalog } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { decimal } from './numbers.js';

export type { ServerCatalog } from './en.js';

/** One catalog per language of proto's LANGUAGES: a language added there fails here until written. */
export const SERVER_CATALOGS: Record<Language, ServerCatalog> = { en, es, fr };

/** What the services write for a person who reads `language`. */
export function messages(language: Language): ServerCatalog {
  return SERVER_CATALOGS[language];
}

/** Whom a text is written for: the language they read and the zone their days turn in. */
export interface Reader {
  language: Language;
  /** IANA name; 'UTC' for one who chose none (the server cannot know their device's). */
  timeZone: string;
}

/**
 * One formatter a language and zone: `toLocaleDateString` with options builds a new one each
 * call, and a sweep's notices to 1,000 supervisors wrote millions of dates (18 CPU-s in identity
 * at 100,000 people, bench/skills-matrix.mjs's organization).
 */
const longDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * '2026-11-23T…' -> '23 November 2026' / '23 de noviembre de 2026' / '23 novembre 2026', the
 * day it is in `timeZone` (a reader's, as their app shows it; UTC for what no one reads alone).
 */
export function longDate(date: Date, language: Language, timeZone = 'UTC'): string {
  const key = `${language} ${timeZone}`;
  let format = longDateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone,
    });
    longDateFormats.set(key, format);
  }
  return format.format(date);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day a moment falls on in a zone, as a count of days since 1970-01-01. */
function dayNumber(date: Date, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: string) => Number(parts.find((found) => found.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/**
 * Calendar days from `now` to `until` in `timeZone` (0 on the day itself, never negative):
 * counted on the days a reader sees, so "expires on 11 January" is "in 1 day" all 10 January,
 * which elapsed time rounded down made "in 0 days" before the hour of expiry.
 */
export function calendarDaysUntil(until: Date, now: Date, timeZone: string): number {
  return Math.max(0, dayNumber(until, timeZone) - dayNumber(now, timeZone));
}

/**
 * A worker's stored failure reason (proto's FAILURE_REASONS) as its reader reads it: the
 * catalog's sentence for its code, with the parts the worker filled in, a `{detail}` that is
 * itself a reason worded so too (proto's wordFailureReason); a reason the table does not know,
 * or an English reader's, as written.
 */
export function readableFailureReason(reason: string, language: Language): string {
  if (language === 'en') return reason;
  const sentences = messages(language).failureReasons;
  return wordFailureReason(reason, (code, parts) =>
    sentences[code].replace(/\{(\w+)\}/g, (written, name: string) => parts[name] ?? written),
  );
}

/**
 * A notification another service asked for (proto's NotificationText), as its reader reads it
 * `now`: dates in the language's long form on the reader's calendar, a worker's failure reason in
 * the reader's language, a score in the language's digits.
 */
export function writeNotification(
  text: NotificationText,
  reader: Reader,
  now: Date,
): { title: string; message: string } {
  const { language, timeZone } = reader;
  const say = messages(language).notifications;
  switch (text.key) {
    case 'certificationExpiring':
    case 'certificationExpired': {
      const { expiresAt, ...rest } = text.params;
      const expiry = new Date(expiresAt);
      const until = longDate(expiry, language, timeZone);
      // Counted again on the reader's calendar: the asking service's count is on UTC's, which
      // can be a day off the date written beside it.
      return text.key === 'certificationExpired'
        ? say.certificationExpired({ ...rest, until })
        : say.certificationExpiring({
            ...text.params,
            until,
            days: calendarDaysUntil(expiry, now, timeZone),
          });
    }
    case 'observationCompleted':
      return say.observationCompleted({
        ...text.params,
        score: decimal(text.params.score, language),
      });
    case 'videoAnalysed': {
      const { identified, ...rest } = text.params;
      // A list in parentheses, read alike in every language.
      const names = identified.join(', ');
      return say.videoAnalysed({ ...rest, identified: identified.length, names });
    }
    default: {
      // The other texts take their parameters as they travel, but for a worker's reason.
      const params =
        'reason' in text.params
          ? { ...text.params, reason: readableFailureReason(text.params.reason, language) }
          : text.params;
      return (say[text.key] as (given: typeof params) => { title: string; message: string })(
        params,
      );
    }
  }
}
