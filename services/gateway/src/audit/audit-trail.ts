import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type Actor,
  api,
  auditDetailText,
  type AuditNoteCode,
  identityRpc,
  type NewAuditEntry,
  type RouteContract,
  withCredentialsMasked,
} from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { clientOf, type GuardedRequest } from '../http/request-context.js';
import { apiTokenActor, apiTokenNotes, apiTokenWriteRoute } from '../api-tokens/api-token-audit.js';

const logger = new Logger('AuditTrail');

/** `GET /api/x/:id` -> the route's contract, for the routes that declare an audit action. */
const AUDITED = new Map(
  (Object.values(api) as RouteContract[])
    .filter((route) => route.audit)
    .map((route) => [`${route.method} ${route.path}`, route]),
);

/** A dotted path's value in a body (`saml.signUpRole`), or undefined. */
function valueAt(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      body,
    );
}

/**
 * The path parameters, then the body (or query) fields the route names (`auditBody`): the role
 * granted to an invited user, or the organization an export was taken of, for instance. A
 * refused request's body is the one sent, unvalidated.
 */
function targetOf(request: FastifyRequest, route: RouteContract): string | null {
  const params = request.params && typeof request.params === 'object' ? request.params : {};
  const named = (route.auditBody ?? []).map((path) => [
    path,
    valueAt(request.body, path) ?? valueAt(request.query, path),
  ]);
  const parts = [...Object.entries(params as Record<string, unknown>), ...named]
    .filter(([, value]) => value !== undefined && value !== null && typeof value !== 'object')
    // A refused body is logged as sent: an address's user and password (`user:pass@`) masked.
    .map(([name, value]) => `${String(name)}=${withCredentialsMasked(String(value))}`);
  return parts.length ? parts.join(' ').slice(0, 500) : null;
}

/**
 * The email typed at a sign-in, so failures name the account that was tried. Only on a public
 * route and for a caller nobody is known as: elsewhere a body's `email` (an invitation's, a
 * profile's new address) names someone else, and identity fills in the actor's own.
 */
function emailTried(request: GuardedRequest, route: RouteContract): string | null {
  if (route.access !== 'public' || request.actor) return null;
  const body = request.body;
  if (!body || typeof body !== 'object' || !('email' in body)) return null;
  const email = (body as { email: unknown }).email;
  return typeof email === 'string' ? email.slice(0, 320) : null;
}

/** The organizations the handlers of `auditOrganization: { answered: true }` routes were told. */
const answered = new WeakMap<FastifyRequest, number>();

/**
 * For a route whose entry is the organization of the person it acts on: that organization, as
 * the service's answer named it, which the handler hands on here before answering.
 */
export function auditedOrganization(request: FastifyRequest, organizationId: number): void {
  answered.set(request, organizationId);
}

/**
 * The answer of an `auditOrganization: { answered: true }` route: the organization the service's
 * answer names goes to the audit trail, and the route answers what its own response names (a
 * message leaves the organization out, a camera assignment keeps it). Every relayed such route
 * is answered so (relay.controller.ts); a handler of its own calls it as well.
 */
export function answeredAudited<R extends RouteContract>(
  request: FastifyRequest,
  route: R,
  answer: { organizationId: number },
): z.output<R['response']> {
  auditedOrganization(request, answer.organizationId);
  return route.response.parse(answer) as z.output<R['response']>;
}

/** Whether the route's audit entry is the organization its service's answer names. */
export const auditsAnsweredOrganization = (route: RouteContract): boolean =>
  typeof route.auditOrganization === 'object';

/**
 * Whose log the entry is in: the organization the route names when the super administrator acts
 * on one (its administrators read what the platform did to it), or the one the service answered
 * for the person acted on, else the actor's. Anyone else acts within their own, or is refused:
 * their entry stays theirs, never another's to read.
 */
function organizationOf(request: FastifyRequest, route: RouteContract, actor: Actor | undefined) {
  const declared = route.auditOrganization;
  if (actor?.role !== 'super_admin' || !declared) return actor?.organizationId;
  const named =
    typeof declared === 'string'
      ? Number(
          valueAt(request.params, declared) ??
            valueAt(request.body, declared) ??
            valueAt(request.query, declared),
        )
      : answered.get(request);
  return named !== undefined && Number.isSafeInteger(named) && named > 0
    ? named
    : actor.organizationId;
}

/** How an answer that did not reach its caller whole ended. */
type Ending = Extract<AuditNoteCode, 'cut_short' | 'caller_left'>;

/**
 * The entry of a call; `ended` tells how an answer that did not reach the caller whole ended (one
 * cut short once begun is a failure).
 */
export function auditEntryOf(
  request: GuardedRequest,
  route: RouteContract,
  status: number,
  ended?: Ending,
): NewAuditEntry {
  const client = clientOf(request);
  // A refused caller has a session but no actor: the entry still names them.
  const token = request.apiToken;
  const actor = request.actor ?? request.session?.actor ?? (token && apiTokenActor(token));
  return {
    action: route.audit!,
    outcome: status < 400 && ended !== 'cut_short' ? 'success' : 'failure',
    actorId: actor?.userId ?? null,
    actorEmail: emailTried(request, route),
    actorRole: actor?.role ?? null,
    organizationId: organizationOf(request, route, actor) ?? null,
    target: targetOf(request, route),
    detail: auditDetailText(status, [
      ...(token ? apiTokenNotes(token) : []),
      ...(ended ? [{ code: ended, params: {} }] : []),
    ]),
    ip: client.ip,
    userAgent: client.userAgent,
  };
}

/**
 * Appends every call of an audited route to the audit log once its answer is sent: refusals by
 * the guard (401, 403) and failures included, which a Nest interceptor would not see. Written
 * after the answer, so the caller never waits on it; a failed write is logged, never retried
 * into a duplicate. Fastify's onResponse never fires for an answer that did not reach the
 * caller, so the response's `close` tells of those: an answer cut short once begun (an export
 * nearly whole) is a failure; a caller who left before any answer is recorded with the answer
 * the request still got (an organization deleted all the same is a success).
 */
export function registerAuditTrail(fastify: FastifyInstance, rpc: RpcClient): void {
  const recorded = new WeakSet<FastifyRequest>();
  const left = new WeakSet<FastifyRequest>();
  const record = async (request: FastifyRequest, status: number, ended?: Ending) => {
    const route =
      AUDITED.get(`${request.method} ${request.routeOptions.url ?? ''}`) ??
      apiTokenWriteRoute(request);
    if (!route || recorded.has(request)) return;
    recorded.add(request);
    const entry = auditEntryOf(request as GuardedRequest, route, status, ended);
    await rpc
      .call(identityRpc.recordAudit, entry)
      .catch((error: unknown) =>
        logger.error(`audit entry lost: ${entry.action} ${entry.outcome}: ${String(error)}`),
      );
  };
  fastify.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      if (reply.raw.headersSent) void record(request, reply.statusCode, 'cut_short');
      else left.add(request);
    });
  });
  // The answer of a request whose caller left is still decided: recorded as it is sent.
  fastify.addHook('onSend', async (request, reply) => {
    if (left.has(request)) void record(request, reply.statusCode, 'caller_left');
  });
  fastify.addHook('onResponse', (request, reply) => record(request, reply.statusCode));
}
