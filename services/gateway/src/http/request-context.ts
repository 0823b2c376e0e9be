import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, ApiTokenCaller, SessionView } from '@hub/proto';

/** What the guard attaches to a request after checking it. */
export interface GuardedRequest extends FastifyRequest {
  session?: SessionView;
  sessionToken?: string;
  actor?: Actor;
  /** The API token of an `Authorization: Bearer` request, once identity resolved it. */
  apiToken?: ApiTokenCaller;
}

export type { FastifyReply };

export const SESSION_COOKIE = 'hub_session';

export function clientOf(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
    acceptLanguage: acceptLanguageOf(request),
  };
}

/**
 * The request's `Accept-Language`, cut to what identity takes (a longer one would refuse the
 * sign-in it comes with); undefined when the client sent none.
 */
export function acceptLanguageOf(request: FastifyRequest): string | undefined {
  const header = request.headers['accept-language'];
  return header ? header.slice(0, 512) : undefined;
}
