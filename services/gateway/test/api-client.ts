import { ErrorBody, routeUrl, type RouteContract } from '@hub/proto';
import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * The typed client of the integration tests: a route of proto's `api` table, called as the web
 * app calls it (web/src/api/client.ts), so a test names the contract rather than a path and
 * reads an answer parsed by the route's own response schema rather than cast.
 */
export type Contract = RouteContract<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;
export type BodyOf<R> =
  R extends RouteContract<infer B, z.ZodType, z.ZodType, z.ZodType> ? z.input<B> : never;
type ParamsOf<R> =
  R extends RouteContract<z.ZodType, z.ZodType, infer P, z.ZodType> ? z.input<P> : never;
type QueryOf<R> =
  R extends RouteContract<z.ZodType, z.ZodType, z.ZodType, infer Q> ? z.input<Q> : never;
export type ResponseOf<R> =
  R extends RouteContract<z.ZodType, infer T, z.ZodType, z.ZodType> ? z.output<T> : never;

export interface CallOptions<R extends Contract> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  /** A body the contract does not allow, sent as is: for the server's validation. */
  invalidBody?: unknown;
  /** A query the contract does not allow, sent as is: for the server's validation. */
  invalidQuery?: Record<string, string>;
  headers?: Record<string, string>;
}

/** What the server answered, before any schema: for status, header and error assertions. */
export interface RawAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A non-success answer of `call`: its status and error body, for `expectError`. */
export class ApiCallError extends Error {
  constructor(
    readonly route: Contract,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${route.method} ${route.path} answered ${status}: ${JSON.stringify(body)}`);
    this.name = 'ApiCallError';
  }
}

/** The URL a call goes to: proto's route URL, with the query given (or the invalid one). */
export function callUrl<R extends Contract>(route: R, options: CallOptions<R> = {}): string {
  return routeUrl(route, options.params, options.invalidQuery ?? options.query);
}

/** JSON when the server says so, else the text (CSV, PDF text, HTML), undefined when empty. */
export async function readAnswerBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/** A success answer parsed by the route's response schema; any other answer thrown. */
export function parseAnswer<R extends Contract>(route: R, answer: RawAnswer): ResponseOf<R> {
  if (answer.status >= 300) throw new ApiCallError(route, answer.status, answer.body);
  return route.response.parse(answer.body) as ResponseOf<R>;
}

/**
 * Awaits a call that must fail with `status` (and the error `code`, when given) and returns
 * the error body: `await expectError(admin.call(api.deleteUser, { params: { id } }), 403)`.
 */
export async function expectError(
  pending: Promise<unknown>,
  status: number,
  code?: string,
): Promise<ErrorBody> {
  const error: unknown = await pending.then(
    (value) => new Error(`expected ${status}, the call succeeded: ${JSON.stringify(value)}`),
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiCallError)) throw error;
  expect(error.status, error.message).toBe(status);
  const body = ErrorBody.parse(error.body);
  if (code !== undefined) expect(body.code, error.message).toBe(code);
  return body;
}

/** The error body of a non-success answer `send` returned. */
export function errorOf(answer: RawAnswer): ErrorBody {
  return ErrorBody.parse(answer.body);
}
