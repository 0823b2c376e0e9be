import { Controller, HttpCode, Inject, Req, type Type } from '@nestjs/common';
import { api, type RouteContract } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { answeredAudited, auditsAnsweredOrganization } from '../audit/audit-trail.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { olderListItems, type RelayedRoute, relayOrOlder } from './older-relay.js';

/** Every route of proto's table that names the RPC it forwards to. */
export const RELAYED_ROUTES = (Object.entries(api) as [string, RouteContract][]).filter(
  (entry): entry is [string, RelayedRoute] => entry[1].relay !== undefined,
);

/**
 * The gateway's handler of every relayed route, registered from the route table: the guard has
 * authenticated the caller, checked the role and parsed params, query and body by the contract;
 * the handler builds the RPC's request as the route declares and passes the answer on as it
 * came. A relayed endpoint is thereby one declaration (proto) and its service's handler. A route
 * whose audit entry is the organization the answer names (`auditOrganization: { answered: true
 * }`) hands that to the audit trail and answers what its response names (answeredAudited). A
 * route with an older pattern (`relay.older`) falls back to it on a pod of the previous release.
 */
export function relayController(routes: [string, RelayedRoute][] = RELAYED_ROUTES): Type {
  @Controller()
  class RelayController {
    constructor(@Inject(RpcClient) readonly rpc: RpcClient) {}
  }
  for (const [name, route] of routes) register(RelayController.prototype, name, route);
  return RelayController;
}

function register(prototype: { rpc: RpcClient }, name: string, route: RelayedRoute) {
  const { relay } = route;
  const answersOrganization = auditsAnsweredOrganization(route);
  // A route whose older answer could not be made into its own fails at start-up, not on a call.
  olderListItems(route);
  const descriptor: PropertyDescriptor = {
    value: async function relayed(this: { rpc: RpcClient }, request: GuardedRequest) {
      const call = {
        actor: request.actor!,
        body: request.body as unknown,
        params: request.params as unknown,
        query: request.query as unknown,
      };
      if (!answersOrganization) return relayOrOlder(this.rpc, route, call);
      const answer = await this.rpc.call(relay.rpc, relay.request(call) as never, relay.timeoutMs);
      return answeredAudited(request, route, answer as { organizationId: number });
    },
    writable: true,
    configurable: true,
  };
  Object.defineProperty(prototype, name, descriptor);
  Req()(prototype, name, 0);
  Endpoint(route)(prototype, name, descriptor);
  if (relay.status) HttpCode(relay.status)(prototype, name, descriptor);
}
