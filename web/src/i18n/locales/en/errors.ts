import { ERROR_TEXTS, type ErrorCode } from '@hub/proto';

/**
 * The API's error codes in English: the server's own texts (proto's table), kept in one place.
 * An English reader sees the server's message itself, with the parts it filled in (a wait).
 */
export const errors: Record<ErrorCode, string> = { ...ERROR_TEXTS };
