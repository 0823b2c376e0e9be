import { ERROR_TEXTS } from './error-codes.js';
import { z } from 'zod';

/** Body of every non-success answer of the HTTP API. */
export const ErrorBody = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  field: z.string().optional(),
  /** For a message of ERROR_TEXTS: its stable code, for clients that show their own text. */
  code: z.string().optional(),
  /** The parts of the code's text: for `invalid_field`, the rule and its limit (validation-codes.ts). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Error kinds a service may answer over RPC; the gateway maps each to an HTTP status. */
export const FAILURE_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  /** The object store has no room left for a new file (WebDAV's Insufficient Storage). */
  storage_full: 507,
  internal: 500,
} as const;
export type FailureKind = keyof typeof FAILURE_STATUS;

export const Failure = z.object({
  kind: z.enum(Object.keys(FAILURE_STATUS) as [FailureKind, ...FailureKind[]]),
  message: z.string(),
  field: z.string().optional(),
});
export type Failure = z.infer<typeof Failure>;

/**
 * What an upload (or any call that writes a file) answers while the object store cannot take
 * it: 503 while the store cannot be reached, 507 while it is full. Nothing is kept of the file
 * and no record names it; the same request succeeds once the store is back, without a restart.
 */
export const STORAGE_UNAVAILABLE = ERROR_TEXTS.storage_unavailable;
export const STORAGE_FULL = ERROR_TEXTS.storage_full;
