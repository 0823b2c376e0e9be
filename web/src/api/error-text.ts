import { ERROR_CODES, type ErrorCode } from '@hub/proto';
import { i18n } from '../i18n/i18n';

const KNOWN = new Set<string>(ERROR_CODES);

const isKnown = (code: string | undefined): code is ErrorCode =>
  code !== undefined && KNOWN.has(code);

/**
 * An API error's message as its reader reads it: the catalog's text for a code of proto's error
 * table, else the server's own message (no code, or one this build does not know yet). The
 * server writes English, so an English reader gets its message as sent, with the parts it
 * filled in (how long to wait).
 */
export function readableServerMessage(message: string, code: string | undefined): string {
  if (!isKnown(code) || i18n.language === 'en') return message;
  return i18n.t(`errors.${code}`);
}
