import { ERROR_CODES, ERROR_TEXTS, type ErrorCode } from '@hub/proto';

/**
 * Parts of a table text that are data (SOP titles, a column's name, a number, a member's name, a
 * parser's own message): the gateway sends them as the error's `params` and every language prints
 * them.
 * `{wait}` and `{field}` are English words the server wrote; the other languages do without.
 */
const DATA_PART = /\{(titles|column|detail|limit|version|number|name)\}/g;

/**
 * The API's error codes in English: the server's own texts (proto's table), kept in one place.
 * An English reader sees the server's message itself, with the parts it filled in (a wait).
 */
export const errors = Object.fromEntries(
  ERROR_CODES.map((code) => [code, ERROR_TEXTS[code].replace(DATA_PART, '{{$1}}')]),
) as Record<ErrorCode, string>;
