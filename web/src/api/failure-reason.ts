import { wordFailureReason } from '@hub/proto';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';

/**
 * A worker's stored failure reason (a document's, a video's) as its reader reads it: the
 * catalog's text for a sentence of proto's FAILURE_REASONS, with the parts the worker filled in,
 * a `{detail}` that is itself a reason worded so too (proto's wordFailureReason); the stored
 * English as it is for an English reader or a sentence the table does not know.
 */
export function readableFailureReason(reason: string): string {
  if (i18n.language === 'en') return reason;
  return wordFailureReason(reason, (code, parts) => keyedText(`failureReasons.${code}`, parts));
}
