import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RouteContract } from '@hub/proto';

export const FOREIGN_ORIGIN = 'This request came from another site and was refused.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that a page of another origin made the browser send
 * (login CSRF, forged form posts). Browsers say where a request comes from in Sec-Fetch-Site,
 * or at least in Origin; a same-site page on another port or subdomain counts as foreign, as
 * it is a different application. Requests without either header come from no browser page
 * (scripts, API clients) and carry no ambient cookie an attacker could borrow.
 */
export function refuseForeignOrigin(
  request: FastifyRequest,
  route: Pick<RouteContract, 'crossSiteForm'>,
): void {
  if (SAFE_METHODS.has(request.method) || route.crossSiteForm) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) {
    // 'none': the user typed or bookmarked it; no page of anyone's made the request.
    if (fetchSite === 'same-origin' || fetchSite === 'none') return;
    throw new HttpException(FOREIGN_ORIGIN, HttpStatus.FORBIDDEN);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (hostOf(origin) !== request.host)
    throw new HttpException(FOREIGN_ORIGIN, HttpStatus.FORBIDDEN);
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host;
  } catch {
    return null; // 'null' (opaque origins: sandboxed frames, data: pages) is foreign too.
  }
};

/**
 * JSON routes read JSON only: an HTML form can send urlencoded, multipart or text/plain
 * bodies without any CORS preflight, but never application/json. Uploads take multipart, the
 * identity provider's form post takes urlencoded.
 */
export function refuseOtherBodyTypes(request: FastifyRequest, route: RouteContract): void {
  if (SAFE_METHODS.has(request.method)) return;
  const declared = request.headers['content-type'];
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || !!request.headers['transfer-encoding'];
  if (declared === undefined && !hasBody) return;
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const expected = route.upload
    ? 'multipart/form-data'
    : route.crossSiteForm
      ? 'application/x-www-form-urlencoded'
      : 'application/json';
  if (type !== expected) {
    throw new HttpException(
      `This request must be sent as ${expected}.`,
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
  }
}
