import { applyDecorators, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { type ScimCaller, type ScimRouteContract, SCIM_BASE_PATH } from '@hub/proto';
import type { GuardedRequest } from '../http/request-context.js';

export const SCIM_ROUTE = Symbol('SCIM_ROUTE');

/** A SCIM request once its bearer token was resolved: the organization's provider calling. */
export interface ScimRequest extends GuardedRequest {
  scimCaller?: ScimCaller;
}

/** Whether a request's URL (its query included) is under SCIM's base path. */
export const isScimPath = (url: string) =>
  url === SCIM_BASE_PATH ||
  url.startsWith(`${SCIM_BASE_PATH}/`) ||
  url.startsWith(`${SCIM_BASE_PATH}?`);

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
