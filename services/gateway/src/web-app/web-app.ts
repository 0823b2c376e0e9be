import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so they never change.
        if (path.includes('/assets/'))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  if (!index) return;
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ message: `No such endpoint: GET ${path}`, statusCode: 404 });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(index);
  });
}

export const WEB_APP_FALLBACK_ROUTE = '/*';
