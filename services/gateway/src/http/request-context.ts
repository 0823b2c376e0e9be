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
    ...browserOf(request),
  };
}

/** What a browser tells of its reader with each request, for identity to remember. */
export interface BrowserHints {
  acceptLanguage?: string;
  timeZone?: string;
}

export function browserOf(request: FastifyRequest): BrowserHints {
  return { acceptLanguage: acceptLanguageOf(request), timeZone: timeZoneOf(request) };
}

/**
 * The request's `Accept-Language`, cut to what identity takes (a longer one would refuse the
 * sign-in it comes with); undefined when the client sent none.
 */
export function acceptLanguageOf(request: FastifyRequest): string | undefined {
  const header = request.headers['accept-language'];
  return header ? header.slice(0, 512) : undefined;
}

/** The header the web app names its device's IANA time zone in (its fetch wrapper sets it). */
const TIME_ZONE_HEADER = 'x-time-zone';

/**
 * The device's time zone the request names, unchecked (identity keeps only a zone it knows);
 * undefined when none, or when longer than any zone name: cut, it would name another zone or
 * none, and whole it would refuse the sign-in it comes with.
 */
export function timeZoneOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TIME_ZONE_HEADER];
  const zone = typeof header === 'string' ? header.trim() : '';
  return zone && zone.length <= 64 ? zone : undefined;
}
