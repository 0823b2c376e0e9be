import { z } from 'zod';

/**
 * Characters that change how text shows without showing themselves: control characters (ESC
 * and the rest of C0/C1, DEL), bidirectional overrides and isolates (U+202E turns
 * "invoice‮fdp.exe" into "invoiceexe.pdf"), zero-width spaces and joiners, and the byte-order
 * mark. Stored titles and file names keep none of them.
 */
const INVISIBLE =
  /[\p{Cc}\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/gu;

export function plainText(value: string): string {
  return value.replace(INVISIBLE, '');
}

/**
 * Text as a search or a name match compares it: lower case, without accents ("Sin categoría",
 * "SIN CATEGORIA" and "sin categoria" alike).
 */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/** The longest address SMTP carries (RFC 5321's path, less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** The longest password taken: argon2id hashes any length; the bound keeps a request small. */
export const PASSWORD_MAX_LENGTH = 256;

/** A one-line text field stored for display: invisible characters removed, then trimmed. */
export function plainLine() {
  return z.string().overwrite(plainText).trim();
}
