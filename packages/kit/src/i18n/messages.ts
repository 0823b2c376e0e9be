import { failureReasonOf, type Language, type NotificationText } from '@hub/proto';
import { en, type ServerCatalog } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';

export type { ServerCatalog } from './en.js';

/** One catalog per language of proto's LANGUAGES: a language added there fails here until written. */
export const SERVER_CATALOGS: Record<Language, ServerCatalog> = { en, es, fr };

/** What the services write for a person who reads `language`. */
export function messages(language: Language): ServerCatalog {
  return SERVER_CATALOGS[language];
}

/**
 * One formatter a language: `toLocaleDateString` with options builds a new one each call, and a
 * sweep's notices to 1,000 supervisors wrote millions of dates (18 CPU-s in identity at 100,000
 * people, bench/skills-matrix.mjs's organization).
 */
const longDateFormats = new Map<Language, Intl.DateTimeFormat>();

/** '2026-11-23T…' -> '23 November 2026' / '23 de noviembre de 2026' / '23 novembre 2026' (UTC). */
export function longDate(date: Date, language: Language): string {
  let format = longDateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    longDateFormats.set(language, format);
  }
  return format.format(date);
}

/**
 * A worker's stored failure reason (proto's FAILURE_REASONS) as its reader reads it: the
 * catalog's sentence for its code, with the parts the worker filled in; a reason the table does
 * not know, or an English reader's, as written.
 */
export function readableFailureReason(reason: string, language: Language): string {
  const known = language === 'en' ? undefined : failureReasonOf(reason);
  if (!known) return reason;
  return messages(language).failureReasons[known.code].replace(
    /\{(\w+)\}/g,
    (part, name: string) => known.params[name] ?? part,
  );
}

/**
 * A notification another service asked for (proto's NotificationText), as its reader reads it:
 * dates in the language's long form, a worker's failure reason in the reader's language.
 */
export function writeNotification(
  text: NotificationText,
  language: Language,
): { title: string; message: string } {
  const say = messages(language).notifications;
  switch (text.key) {
    case 'certificationExpiring':
    case 'certificationExpired': {
      const { expiresAt, ...rest } = text.params;
      const until = longDate(new Date(expiresAt), language);
      return text.key === 'certificationExpired'
        ? say.certificationExpired({ ...rest, until })
        : say.certificationExpiring({ ...text.params, until });
    }
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
