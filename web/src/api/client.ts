import { retryAfterMs, routeUrl, type RouteContract, type RouteEntry } from '@hub/proto';
import type { z } from 'zod';
import { readCurrentUser } from '../auth/session';
import { newTraceparent } from './trace-context';
import { deviceTimeZone, TIME_ZONE_HEADER } from './device-time-zone';
import { type ErrorParams, readableServerMessage } from './error-text';

/**
 * A non-success HTTP answer. `message` is the server's message, or 'HTTP {status}' (spec
 * section 8); for a message with a known `code`, the catalog's text in the reader's language.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The body's own message when the server sent one, in the reader's language when its code is known. */
  readonly serverMessage: string | undefined;
  /** The body's stable error code (proto's ERROR_TEXTS), when it has one. */
  readonly code: string | undefined;
  /** How long the server asked to wait before trying again (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(
    status: number,
    serverMessage: string | undefined,
    code?: string,
    params?: ErrorParams,
    waitMs?: number,
  ) {
    const readable =
      serverMessage === undefined ? undefined : readableServerMessage(serverMessage, code, params);
    super(readable ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = readable;
    this.code = code;
    this.retryAfterMs = waitMs;
  }

  /** From an error answer's body: its message, code and the code's parts, and a wait if known. */
  static fromBody(status: number, body: unknown, waitMs?: number): ApiError {
    return new ApiError(status, messageOf(body), codeOf(body), paramsOf(body), waitMs);
  }

  /**
   * From an error answer: its body, and the wait its Retry-After asks for (seconds, as the
   * gateway sends on an outage's 503 or a rate limit's 429, or an HTTP date).
   */
  static fromAnswer(response: Response, body: unknown): ApiError {
    const waitMs = retryAfterMs(response.headers.get('retry-after'), Date.now());
    return ApiError.fromBody(response.status, body, waitMs);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The `message` field of an error body, if it is a non-empty string. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The `code` field of an error body, if it is a string. */
function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code : undefined;
}

/** The `params` of an error body (a schema's rule and limit), when they are plain values. */
function paramsOf(body: unknown): ErrorParams | undefined {
  if (typeof body !== 'object' || body === null || !('params' in body)) return undefined;
  const { params } = body;
  if (typeof params !== 'object' || params === null) return undefined;
  const plain = Object.entries(params).filter(([, part]) =>
    ['string', 'number'].includes(typeof part),
  );
  return Object.fromEntries(plain) as ErrorParams;
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** JSON helper: session cookie, JSON content type, parsed body; throws ApiError on non-success. */
export async function requestJson(url: string, init: RequestInit = {}): Promise<unknown> {
  return (await requestAnswer(url, init)).body;
}

/** requestJson, with the answer's headers. */
async function requestAnswer(
  url: string,
  init: RequestInit,
): Promise<{ body: unknown; headers: Headers }> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  // Informational only: the server derives identity from the session cookie, never from this.
  const email = readCurrentUser()?.email;
  if (email && !headers.has('x-user-email')) headers.set('x-user-email', email);
  headers.set('traceparent', newTraceparent());
  // Read at each request: a laptop that travels while the app stays open tells its new zone.
  const zone = deviceTimeZone();
  if (zone) headers.set(TIME_ZONE_HEADER, zone);

  const response = await fetch(url, { ...init, headers, credentials: 'include' });
  const body = await readBody(response);
  if (!response.ok) throw ApiError.fromAnswer(response, body);
  return { body, headers: response.headers };
}

/** A route of the app's `api` (proto's route index): typed by its whole contract. */
type Route = RouteEntry<RouteContract<z.ZodType, z.ZodType, z.ZodType, z.ZodType>>;
type ContractOf<R> = R extends RouteEntry<infer C> ? C : never;
type BodyOf<R> =
  ContractOf<R> extends RouteContract<infer B, z.ZodType, z.ZodType, z.ZodType>
    ? z.input<B>
    : never;
type ParamsOf<R> =
  ContractOf<R> extends RouteContract<z.ZodType, z.ZodType, infer P, z.ZodType>
    ? z.input<P>
    : never;
type QueryOf<R> =
  ContractOf<R> extends RouteContract<z.ZodType, z.ZodType, z.ZodType, infer Q>
    ? z.input<Q>
    : never;
export type ResponseOf<R> =
  ContractOf<R> extends RouteContract<z.ZodType, infer T, z.ZodType, z.ZodType>
    ? z.output<T>
    : never;

export interface CallOptions<R extends Route> {
  body?: BodyOf<R>;
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  signal?: AbortSignal;
}

// The query builder of proto's route URLs, for links that are no call (a CSV to download).
export { withQuery } from '@hub/proto';

/** Calls one route of the app's `api` (the route index). The answer is typed by its response schema. */
export async function call<R extends Route>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ResponseOf<R>> {
  return (await callWithHeaders(route, options)).body;
}

/** call, with the answer's headers (e.g. the service worker's mark on an offline copy). */
export async function callWithHeaders<R extends Route>(
  route: R,
  options: CallOptions<R> = {},
): Promise<{ body: ResponseOf<R>; headers: Headers }> {
  const url = routeUrl(route, options.params, options.query);
  const init: RequestInit = { method: route.method };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  const { body, headers } = await requestAnswer(url, init);
  // The server validates every answer against the same contract, so it is trusted here.
  return { body: body as ResponseOf<R>, headers };
}
