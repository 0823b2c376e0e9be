import { z } from 'zod';
import type { Actor, Role } from './roles.js';
import type { RpcContract } from './rpc.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'public' routes need no session; every other route names the roles that may call it. */
export type RouteAccess = 'public' | readonly Role[];

export interface RouteContract<
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TRpc extends RpcContract = RpcContract,
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
   * Where the route names the organization it acts on (a path parameter, or a dotted path into
   * the body or query): the super administrator's entry is that organization's, so its own
   * administrators read what the platform did to it (an export, an administrator invited).
   * `{ answered: true }`: the route names a person or a camera, not its organization; the
   * service's answer names it as `organizationId` (the person may be gone once it is sent), which
   * the gateway hands to the audit trail and answers only where the route's response names it
   * (a relayed route needs nothing more: relay.controller.ts). Refused before that, the entry is
   * the super administrator's own.
   */
  auditOrganization?: string | { readonly answered: true };
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
  /**
   * The RPC the route forwards to, and how its request is made of the call: the gateway
   * registers the handler itself (relay.controller.ts), so a relayed endpoint is declared here
   * alone. Routes whose gateway does real work (uploads, downloads, sessions) have none.
   */
  relay?: RouteRelay<z.output<TBody>, z.output<TParams>, z.output<TQuery>, TRpc>;
}

/** What a relayed route's request is made of, each part as the guard parsed it. */
export interface RelayedCall<TBody = unknown, TParams = unknown, TQuery = unknown> {
  actor: Actor;
  body: TBody;
  params: TParams;
  query: TQuery;
}

/**
 * `relay: { rpc: identityRpc.x, request: ({ actor, body }) => ({ actor, settings: body }) }`:
 * the call is typed by the route's schemas, the request built by the RPC's contract.
 */
export interface RouteRelay<
  TBody = unknown,
  TParams = unknown,
  TQuery = unknown,
  TRpc extends RpcContract = RpcContract,
> {
  rpc: TRpc;
  // A method, so a route's relay (its own call type) still counts as a RouteContract's.
  request(call: RelayedCall<TBody, TParams, TQuery>): z.input<TRpc['request']>;
  /** A POST that creates nothing answers 200 (else 201, as every POST). */
  status?: 200;
  /** The RPC's deadline, where the service waits on another system (else the client's). */
  timeoutMs?: number;
  /**
   * What the previous release's service answers instead, while its pods still take calls (a
   * rolling upgrade, all pods sharing one request stream): asked when the pod that took `rpc`
   * does not know it, its answer made into the route's by the gateway. Dropped with the older
   * pattern, a release later.
   */
  older?: OlderRelay<TBody, TParams, TQuery>;
}

/**
 * The previous release's pattern of a relayed route, and how its answer becomes the route's:
 * - `wholeListById`: the route is paged (`paged`) by id, oldest first, and the older pattern
 *   answered every row at once; the gateway answers the page asked of it, with the cursors the
 *   service's own pages carry, so a walk through the pages may go on from either release's pod.
 */
export interface OlderRelay<TBody = unknown, TParams = unknown, TQuery = unknown> {
  rpc: RpcContract;
  request(call: RelayedCall<TBody, TParams, TQuery>): unknown;
  answer: 'wholeListById';
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
  TRpc extends RpcContract = RpcContract,
>(
  route: RouteContract<TBody, TResponse, TParams, TQuery, TRpc>,
): RouteContract<TBody, TResponse, TParams, TQuery, TRpc> {
  return route;
}

/**
 * What a client needs of a route at run time: its method, its path, who may call it and an
 * upload's file field. The route's whole contract is carried in the type alone (`contract` is
 * never set), so a client of the index (the web app's `api`, proto's `routeIndex`) is typed by
 * the route table without building the table's schemas.
 */
export interface RouteEntry<R extends RouteContract = RouteContract> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: RouteAccess;
  /** A multipart upload's file field (the rest of its rule is the gateway's). */
  readonly upload?: { readonly fileField: string };
  readonly contract?: R;
}

/** Each route of a table as a RouteEntry. */
export type RouteIndex<T extends Record<string, RouteContract>> = {
  readonly [K in keyof T]: RouteEntry<T[K]>;
};

/** '/api/auth/organization/:domain' -> '/api/auth/organization/example.com' */
export function routePath(
  route: Pick<RouteContract, 'path'>,
  params: Record<string, string | number> = {},
) {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing route parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** '/api/x' + {limit: 10} -> '/api/x?limit=10'; undefined and null left out, a list as repeated keys. */
export function withQuery(path: string, query: unknown): string {
  if (!isRecord(query)) return path;
  // Encoded by hand: proto is built without the DOM's or Node's URLSearchParams.
  const pairs = Object.entries(query).flatMap(([key, value]) => {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    return values
      .filter((item) => item !== undefined && item !== null)
      .map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  });
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/**
 * The URL a client calls a route at: its path with the parameters filled in, then the query.
 * The one path builder of the web app's client and the gateway tests' client.
 */
export function routeUrl(
  route: Pick<RouteContract, 'path'>,
  params?: unknown,
  query?: unknown,
): string {
  const filled: Record<string, string | number> = {};
  if (isRecord(params)) {
    for (const [name, value] of Object.entries(params)) {
      if (typeof value === 'string' || typeof value === 'number') filled[name] = value;
    }
  }
  return withQuery(routePath(route, filled), query);
}
