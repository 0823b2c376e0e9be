import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** HSTS for a year once a request arrived over TLS (directly or through a trusted proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (API, web app, docs, errors). The CSP allows scripts from
 * our own origin only: the built web app has no inline script (the theme bootstrap is a file).
 * Inline styles stay allowed because Radix and Tailwind set them at run time; they cannot run
 * code. Media may come from blob: URLs (video previews before upload) and data: (images).
 */
export async function registerSecurityHeaders(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent per request below: over plain HTTP a browser ignores it and a proxy may add TLS later.
    strictTransportSecurity: false,
  });
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}
