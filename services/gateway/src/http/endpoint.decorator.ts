import { applyDecorators, RequestMethod, RequestMapping, SetMetadata } from '@nestjs/common';
import type { RouteContract } from '@hub/proto';

export const ROUTE_CONTRACT = Symbol('ROUTE_CONTRACT');

const METHODS = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
} as const;

/**
 * Registers a handler for one route of proto's table. The guard reads the contract to
 * authenticate, authorize and validate before the handler runs.
 */
export function Endpoint(route: RouteContract) {
  return applyDecorators(
    RequestMapping({ path: route.path, method: METHODS[route.method] }),
    SetMetadata(ROUTE_CONTRACT, route),
  );
}
