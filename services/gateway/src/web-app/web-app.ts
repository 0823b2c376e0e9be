import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The web app's service worker (built from web/src/pwa/) and its manifest, at the root. */
const SERVICE_WORKER = 'sw.js';
const MANIFEST = 'manifest.webmanifest';
/** The suffix of a compressed copy, which setHeaders is given in place of the file it stands for. */
const COMPRESSED_COPY = /\.(br|gz)$/;
/** Where the build puts its hashed chunks. */
const ASSETS = '/assets/';

/**
 * Serves the built web app; any other GET outside /api answers index.html so the client-side
 * router shows the page (or its own 'Page Not Found'). Unknown /api paths answer JSON 404.
 */
export async function registerWebApp(
  fastify: FastifyInstance,
  webDist: string | null,
): Promise<void> {
  const indexFile = webDist ? join(webDist, 'index.html') : null;
  const index = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : null;
  if (webDist && index) {
    await fastify.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build's brotli and gzip copies (web/vite.config.ts), to a browser that accepts them,
      // in place of the file they stand for; not files of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so they never change.
        if (path.includes(ASSETS))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker and the manifest keep their names across releases: always asked
        // again (a cached sw.js would keep an old worker running past a release).
        const file = relative(webDist, path).replace(COMPRESSED_COPY, '');
        if (file === SERVICE_WORKER || file === MANIFEST) reply.header('cache-control', 'no-cache');
        // (A compressed copy's type is set after this, from its file's name: the build writes
        // none of the manifest.)
        if (file === MANIFEST) reply.header('content-type', 'application/manifest+json');
      },
    });
  }
  if (!index) return;
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ message: `No such endpoint: GET ${path}`, statusCode: 404 });
    }
    // A chunk of another release (a tab open across an upgrade asks for one): a page in its
    // place would reach the browser as a script that fails to parse, not as a chunk not found.
    if (path.startsWith(ASSETS)) return reply.status(404).type('text/plain').send('Not found');
    return reply.type('text/html').header('cache-control', 'no-cache').send(index);
  });
}

export const WEB_APP_FALLBACK_ROUTE = '/*';
