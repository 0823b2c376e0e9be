import type { FastifyRequest } from 'fastify';
import {
  type Actor,
  api,
  type ApiTokenCaller,
  type AuditNote,
  type RouteContract,
} from '@hub/proto';
import type { GuardedRequest } from '../http/request-context.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every route by `METHOD /path`, its action named after the route table's key (`api.x`). */
const WRITE_ROUTES = new Map(
  Object.entries(api as Record<string, RouteContract>)
    .filter(([, route]) => !READ_METHODS.has(route.method))
    .map(([name, route]) => [`${route.method} ${route.path}`, { ...route, audit: `api.${name}` }]),
);

/**
 * A write made with a bearer token is audited even where the route declares no audit action (a
 * person's clicks are not, a program's calls are): the route's own action, else `api.<route>`.
 * Only once the token was resolved: other bearer credentials (the floor's sensor tokens on a
 * public route) and unknown secrets are not API token calls.
 */
export function apiTokenWriteRoute(request: FastifyRequest): RouteContract | undefined {
  if (!(request as GuardedRequest).apiToken) return undefined;
  return WRITE_ROUTES.get(`${request.method} ${request.routeOptions.url ?? ''}`);
}

/** The actor a token acts as (also for a refused call, which has no actor on the request). */
export const apiTokenActor = (token: ApiTokenCaller): Actor => ({
  userId: token.userId,
  organizationId: token.organizationId,
  role: token.role,
});

/** How the audit entry's detail names the token behind a call (proto's AUDIT_NOTES). */
export const apiTokenNotes = (token: ApiTokenCaller): AuditNote[] => [
  { code: 'api_token', params: { id: String(token.tokenId), name: token.tokenName } },
  ...(token.readOnly ? [{ code: 'read_only' as const, params: {} }] : []),
];
