import type { RouteContract } from './http.js';
import { ROLES, type Role } from './roles.js';
import { api } from './routes.js';
import { isFromRoutes, type ResolvedRpcAccess, type RpcContract } from './rpc.js';

/**
 * The roles of every RPC a route relays to, by pattern: those of all the routes relaying to it
 * (most RPCs have one). A route declares who may call it once; the RPC it relays to takes
 * FROM_ROUTES and its server checks these roles again before the handler runs. Lives apart from
 * rpc.ts because it reads the routes, and the routes import the RPC contracts.
 */
function relayedRoles(): ReadonlyMap<string, readonly Role[]> {
  const routesOf = new Map<string, RouteContract[]>();
  for (const route of Object.values(api) as RouteContract[]) {
    if (!route.relay) continue;
    const pattern = route.relay.rpc.pattern;
    routesOf.set(pattern, [...(routesOf.get(pattern) ?? []), route]);
  }
  const roles = new Map<string, readonly Role[]>();
  for (const [pattern, routes] of routesOf) {
    const allowed = (role: Role) =>
      routes.some((route) => route.access !== 'public' && route.access.includes(role));
    roles.set(pattern, ROLES.filter(allowed));
  }
  return roles;
}

export const RELAYED_RPC_ROLES = relayedRoles();

/**
 * Who may call the RPC: its own declaration, or for FROM_ROUTES the roles of the routes that
 * relay to it. Throws for FROM_ROUTES without such a route, so an RPC never ends up open (or
 * shut) by a missing relay: RpcHandler asks when the handler is declared, so at start-up.
 */
export function rpcAccess(contract: RpcContract): ResolvedRpcAccess {
  if (!isFromRoutes(contract.access)) return contract.access;
  const roles = RELAYED_RPC_ROLES.get(contract.pattern);
  if (!roles?.length) {
    throw new Error(
      `${contract.pattern}: access FROM_ROUTES, but no route with roles relays to it`,
    );
  }
  return roles;
}
