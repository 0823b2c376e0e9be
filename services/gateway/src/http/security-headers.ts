import type { FastifyInstance } from 'fastify';

/** HSTS for a year once a request arrived over TLS (directly or through a trusted proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP allows scripts from our own origin only: the built web app has no inline script (the
 * theme bootstrap is a file). Inline styles stay allowed because Radix and Tailwind set them at
 * run time; they cannot run code. Media may come from blob: URLs (video previews before upload)
 * and data: (images).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * The whole set, computed once: what helmet 8 (through @fastify/helmet) sent with our options
 * (its defaults, frameguard deny, no referrer, no HSTS), byte for byte and in its order.
 * @fastify/helmet built helmet's middleware anew on every request (its CSP string included),
 * which the request-path bench's profiles showed; nothing else in the repository used it, so it
 * is no longer a dependency. Keep this list in step with helmet's defaults if they matter again.
 */
const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

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
