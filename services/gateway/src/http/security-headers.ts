import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** HSTS for a year once a request arrived over TLS (directly or through a trusted proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP allows scripts from our own origin only: the built web app has no inline script (the
 * theme bootstrap is a file). Inline styles stay allowed because Radix and Tailwind set them at
 * run time; they cannot run code. Media may come from blob: URLs (video previews before upload)
 * and data: (images).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The header set, made once at start-up by helmet itself (so its defaults stay ours as it is
 * kept up to date) against a response that only records what it sets. @fastify/helmet ran
 * helmet's middleware anew on every request, its CSP string included, which the request-path
 * bench's profiles showed; our options use no per-request value (no nonce), so once is enough.
 */
function helmetHeaders(): readonly (readonly [string, string])[] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Set per request below: over plain HTTP a browser ignores it and a proxy may add TLS later.
    strictTransportSecurity: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return [...headers];
}

const SECURITY_HEADERS = helmetHeaders();

/**
 * Security headers on every answer (API, web app, docs, errors), in one hook. They go on the raw
 * response as helmet put them, so a route's own `reply.header` (stored files frame themselves
 * with their own CSP) still wins.
 */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of SECURITY_HEADERS) raw.setHeader(name, value);
    raw.removeHeader('X-Powered-By');
    // Over plain HTTP a browser ignores HSTS and a proxy may add TLS later: only over TLS.
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}
