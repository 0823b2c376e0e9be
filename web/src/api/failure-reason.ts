import { suggestionOf, wordFailureReason } from '@hub/proto';
import { formatNumber } from '../i18n/format';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';

/** A part written as English writes a count past 999 ('1,230', '10,000'). */
const ENGLISH_COUNT = /^\d{1,3}(?:,\d{3})+$/;

/**
 * The catalogs' parts that are counts (proto's FAILURE_REASONS and SUGGESTIONS: cameras, faces,
 * seconds, hours, megabytes, pixels), the only ones whose digits are grouped in the reader's
 * way. The others are text as written (a camera's name, an SOP's title, a detail) or numbers
 * that are names, not amounts (an HTTP status, a page number): a camera named '1,200' stays so.
 */
export const COUNT_PARTS: ReadonlySet<string> = new Set([
  'count',
  'max',
  'pageMin',
  'seconds',
  'hours',
  'memoryMb',
  'megabytes',
  'pixels',
]);

/** A part in the reader's way: a count's digits grouped as the language groups them. */
const readablePart = (name: string, part: string) =>
  COUNT_PARTS.has(name) && ENGLISH_COUNT.test(part)
    ? formatNumber(Number(part.replaceAll(',', '')))
    : part;

const readableParts = (parts: Record<string, string>) =>
  Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, readablePart(name, part)]));

/**
 * A worker's stored failure reason (a document's, a video's) as its reader reads it: the
 * catalog's text for a sentence of proto's FAILURE_REASONS, with the parts the worker filled in
 * (a count such as the camera list's '1,230' grouped in the reader's way: '1230', '1 230'; any
 * other part as written), a `{detail}` that is itself a reason worded so too (proto's
 * wordFailureReason); the stored English as it is for an English reader or a sentence the table
 * does not know.
 */
export function readableFailureReason(reason: string): string {
  if (i18n.language === 'en') return reason;
  return wordFailureReason(reason, (code, parts) =>
    keyedText(`failureReasons.${code}`, readableParts(parts)),
  );
}

/**
 * What to do about a failure, as an answer's `technicalDetails.suggestion` says it, read as
 * reasons are: the catalog's text for a sentence of proto's SUGGESTIONS, its parts in the
 * reader's way; the English as it is for an English reader or a suggestion the table does not
 * know (a camera system's own advice, passed on as it came).
 */
export function readableSuggestion(suggestion: string): string {
  if (i18n.language === 'en') return suggestion;
  const known = suggestionOf(suggestion);
  return known ? keyedText(`suggestions.${known.code}`, readableParts(known.params)) : suggestion;
}
