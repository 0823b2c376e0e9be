import { z } from 'zod';

/** Body of every non-success answer of the HTTP API. */
export const ErrorBody = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  field: z.string().optional(),
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
  internal: 500,
} as const;
export type FailureKind = keyof typeof FAILURE_STATUS;

export const Failure = z.object({
  kind: z.enum(Object.keys(FAILURE_STATUS) as [FailureKind, ...FailureKind[]]),
  message: z.string(),
  field: z.string().optional(),
});
export type Failure = z.infer<typeof Failure>;
