import { z } from 'zod';
import type { Role } from './roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'public' routes need no session; every other route names the roles that may call it. */
export type RouteAccess = 'public' | readonly Role[];

export interface RouteContract<
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  body?: TBody;
  params?: TParams;
  query?: TQuery;
  response: TResponse;
  /** A multipart upload: the gateway streams the file and validates these fields itself. */
  upload?: UploadRule;
  /**
   * A form another site posts in the browser (the SAML identity provider's HTTP-POST binding):
   * the only kind of route that takes urlencoded bodies and requests from foreign origins.
   */
  crossSiteForm?: true;
  /**
   * A cursor-paged list (see paging.ts): the query takes `cursor` and `limit`, the answer holds
   * the rows under `items` with `totalCount` and `nextCursor`.
   */
  paged?: { items: string };
  /**
   * A security-relevant action: the gateway appends each call (who, what, when, from where,
   * success or failure) to the audit log under this name.
   */
  audit?: string;
  /**
   * Body (or query) fields the audit entry names after the path parameters (dotted paths): what
   * a grant gave, such as the role of an invited user.
   */
  auditBody?: readonly string[];
  /**
   * The signed-in person's own session or credentials (or the tokens themselves): answered to a
   * browser session only, never to an API token, whatever its ceiling.
   */
  sessionOnly?: true;
  /**
   * A limit of the route's own beyond the per-token one (sign-in attempts per address and
   * account): past it the gateway answers 429 with Retry-After, to sessions too.
   */
  rateLimited?: true;
}

export interface UploadRule<TFields extends z.ZodType = z.ZodType> {
  /** The multipart field that carries the file. */
  fileField: string;
  maxBytes: number;
  /** Accepted kinds, recognised by their first bytes, never by name or declared type. */
  kinds: readonly string[];
  fields?: TFields;
  messages: { missing: string; wrongKind: string; tooLarge: string };
}

export function defineRoute<
  TBody extends z.ZodType,
  TResponse extends z.ZodType,
  TParams extends z.ZodType,
  TQuery extends z.ZodType,
>(
  route: RouteContract<TBody, TResponse, TParams, TQuery>,
): RouteContract<TBody, TResponse, TParams, TQuery> {
  return route;
}

/** '/api/auth/organization/:domain' -> '/api/auth/organization/example.com' */
export function routePath(route: RouteContract, params: Record<string, string | number> = {}) {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing route parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
