import { applyDecorators, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { type ScimCaller, type ScimRouteContract, SCIM_BASE_PATH } from '@hub/proto';
import type { GuardedRequest } from '../http/request-context.js';

export const SCIM_ROUTE = Symbol('SCIM_ROUTE');

/** A SCIM request once its bearer token was resolved: the organization's provider calling. */
export interface ScimRequest extends GuardedRequest {
  scimCaller?: ScimCaller;
}

/**
 * The path of a request's target as the router matches it: the origin of a target in absolute
 * form (`POST http://host/scim/v2/Users`, which the router takes as /scim/v2/Users) left out,
 * the query and a fragment cut off, then percent-decoded (`/%73cim/v2/Users` is
 * /scim/v2/Users to the router). Decoded as a component, so %2F, which the router leaves as it
 * is, reads as a slash here: a path is never less under /scim/v2 here than it is to the router.
 * Null when an escape is malformed: the router cannot decode such a target either, and answers
 * it 400 (FST_ERR_BAD_URL) itself, before any hook or route.
 */
function decodedPathOf(url: string): string | null {
  const path = url.replace(/^https?:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Whether a request's URL is under SCIM's base path, decided on its decoded path
 * (decodedPathOf), as the router decides which route takes it. A target whose encoding is
 * malformed is not SCIM's: it reaches no route, SCIM's nor another's.
 */
export function isScimPath(url: string): boolean {
  const path = decodedPathOf(url);
  return path !== null && (path === SCIM_BASE_PATH || path.startsWith(`${SCIM_BASE_PATH}/`));
}

const METHODS = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
} as const;

/**
 * Registers a handler for one row of proto's SCIM table. The route table's guard leaves it to
 * ScimGuard, which authenticates the organization's bearer token instead of a session.
 */
export function ScimEndpoint(route: ScimRouteContract) {
  return applyDecorators(
    RequestMapping({ path: route.path, method: METHODS[route.method] }),
    SetMetadata(SCIM_ROUTE, route),
  );
}
