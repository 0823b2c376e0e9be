import { failureReasonOf } from '@hub/proto';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';

/**
 * A worker's stored failure reason (a document's, a video's) as its reader reads it: the
 * catalog's text for a sentence of proto's FAILURE_REASONS, with the parts the worker filled in;
 * the stored English as it is for an English reader or a sentence the table does not know. A
 * `{detail}` that is itself a reason (a cause worded by the worker, a reason nested in another)
 * is worded so too.
 */
export function readableFailureReason(reason: string): string {
  const known = i18n.language === 'en' ? undefined : failureReasonOf(reason);
  if (!known) return reason;
  const { detail } = known.params;
  const params =
    detail === undefined
      ? known.params
      : { ...known.params, detail: readableFailureReason(detail) };
  return keyedText(`failureReasons.${known.code}`, params);
}
