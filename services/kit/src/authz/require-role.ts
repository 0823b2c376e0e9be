import type { Actor, Role } from '@hub/proto';
import { RpcFailure } from '../rpc/rpc-failure.js';

/** The owning service's own role check: the gateway checked already, this is the second lock. */
export function requireRole(actor: Actor, roles: readonly Role[]): void {
  if (!roles.includes(actor.role))
    throw RpcFailure.forbidden("You don't have permission to do this.");
}

/** Whether the actor may see data of this organization. */
export function canReachOrganization(actor: Actor, organizationId: number): boolean {
  return actor.role === 'super_admin' || actor.organizationId === organizationId;
}
