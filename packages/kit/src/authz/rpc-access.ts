import { ActorOnly, type Actor, NOT_PERMITTED, type ResolvedRpcAccess } from '@hub/proto';
import { RpcFailure } from '../rpc/rpc-failure.js';

/** The words of every role refusal, the gateway's and the services' alike. */

/**
 * The owning service's own role check, from the contract's access (RpcHandler runs it on every
 * call, FROM_ROUTES resolved by `rpcAccess` to the roles of the routes relaying to it): the
 * gateway checked the route already, this is the second lock, for whatever reaches Redis some
 * other way. It reads only the actor, so a refused role learns nothing of
 * what else its request got wrong. Without a readable actor it refuses as the request's
 * validation would, also for a handler that reads nothing of its request (so is not validated).
 */
export function requireContractAccess(access: ResolvedRpcAccess, request: unknown): void {
  if (typeof access === 'string') return;
  const parsed = ActorOnly.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw RpcFailure.validation(issue?.message ?? 'Invalid request', issue?.path.join('.'));
  }
  if (!access.includes(parsed.data.actor.role)) throw RpcFailure.forbidden(NOT_PERMITTED);
}

/** Whether the actor may see data of this organization. */
export function canReachOrganization(actor: Actor, organizationId: number): boolean {
  return actor.role === 'super_admin' || actor.organizationId === organizationId;
}

/** The owning service's own organization check: the actor may see this organization's data. */
export function requireOrganization(actor: Actor, organizationId: number): void {
  if (!canReachOrganization(actor, organizationId)) throw RpcFailure.forbidden(NOT_PERMITTED);
}
