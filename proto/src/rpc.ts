import { Actor, type Role } from './roles.js';
import { z } from 'zod';
/**
 * Who may call an RPC, declared on every contract so no handler is left open by omission:
 * - roles: the request carries the actor the gateway built from a session, and the service's
 *   RpcHandler refuses any other role before the handler runs (the gateway's route check is the
 *   first lock, this the second);
 * - FROM_ROUTES: the same, with the roles of the routes that relay to it (`relay` in
 *   proto/src/routes/*), derived once in rpc-access.ts rather than written a second time here;
 * - 'public': anyone the gateway lets in without a session; the request carries its own proof
 *   (a password, a token, an invitation, a signed SAML response) or asks for nothing private;
 * - 'service': only other services (or the gateway itself, not on a person's behalf) call it;
 *   no actor, the request names the organization, and Redis is reachable by services alone.
 */
export type RpcAccess = readonly Role[] | typeof FROM_ROUTES | 'public' | 'service';

/** What an RPC's access comes to once FROM_ROUTES is replaced by its routes' roles. */
export type ResolvedRpcAccess = Exclude<RpcAccess, typeof FROM_ROUTES>;

/**
 * An RPC whose roles are those of the routes relaying to it. An object, not a string, so code
 * that reads `typeof access === 'string'` as "no role to check" cannot mistake it for open.
 */
export const FROM_ROUTES: { readonly fromRoutes: true } = Object.freeze({ fromRoutes: true });

/** By shape, not identity: a process may load proto twice (its sources and its build). */
export const isFromRoutes = (access: RpcAccess): access is typeof FROM_ROUTES =>
  typeof access === 'object' && 'fromRoutes' in access;

/** One request/answer exchange with a service over Redis. */
export interface RpcContract<
  TRequest extends z.ZodType = z.ZodType,
  TAnswer extends z.ZodType = z.ZodType,
> {
  service: string;
  pattern: string;
  access: RpcAccess;
  request: TRequest;
  answer: TAnswer;
}

/** A request on a person's behalf: the roles of its access are checked against this actor. */
type ActorRequest = z.ZodType<{ actor: Actor }>;
/** A request with no actor: nobody's role to check, so 'public' or 'service'. */
type ActorlessRequest = z.ZodType<{ actor?: never; [field: string]: unknown }>;

export function rpc<TRequest extends ActorRequest, TAnswer extends z.ZodType>(
  service: string,
  pattern: string,
  access: readonly Role[] | typeof FROM_ROUTES,
  request: TRequest,
  answer: TAnswer,
): RpcContract<TRequest, TAnswer>;
export function rpc<TRequest extends ActorlessRequest, TAnswer extends z.ZodType>(
  service: string,
  pattern: string,
  access: 'public' | 'service',
  request: TRequest,
  answer: TAnswer,
): RpcContract<TRequest, TAnswer>;
export function rpc<TRequest extends z.ZodType, TAnswer extends z.ZodType>(
  service: string,
  pattern: string,
  access: RpcAccess,
  request: TRequest,
  answer: TAnswer,
): RpcContract<TRequest, TAnswer> {
  return { service, pattern: `${service}.${pattern}`, access, request, answer };
}

export const ActorOnly = z.object({ actor: Actor });

/** Who is at the other end of a sign-in: what the session records and the browser's languages. */
export const ClientContext = z.object({
  ip: z.string(),
  userAgent: z.string().max(512),
  /** The request's `Accept-Language`, remembered for what is written to the person later. */
  acceptLanguage: z.string().max(512).optional(),
});

export const SessionView = z.object({
  sessionId: z.string(),
  actor: Actor,
  persistent: z.boolean(),
  expiresAt: z.string(),
});
export type SessionView = z.infer<typeof SessionView>;

export type RpcRequest<C extends RpcContract> = z.infer<C['request']>;
export type RpcAnswer<C extends RpcContract> = z.infer<C['answer']>;
