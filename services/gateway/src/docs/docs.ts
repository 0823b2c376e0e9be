import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi.js';

const require = createRequire(import.meta.url);
export const DOCS_ASSETS_PREFIX = '/api/docs/assets/';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Frontline Hub API</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PREFIX}swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="${DOCS_ASSETS_PREFIX}swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSETS_PREFIX}swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });`;

/**
 * Serves the OpenAPI document and Swagger UI at /api/docs. Public: it describes, it does nothing.
 * The document is made on its first request, not at start: writing the JSON schema of every
 * route's zod types took 0.1-0.3 CPU-s of each gateway start (every restart, every integration
 * test's stack), for a page few ever open.
 */
export async function registerApiDocs(fastify: FastifyInstance, version: string): Promise<void> {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  await fastify.register(fastifyStatic, {
    root: dirname(require.resolve('swagger-ui-dist/package.json')),
    prefix: DOCS_ASSETS_PREFIX,
    decorateReply: false,
  });
  fastify.get('/api/docs', (_, reply) => reply.type('text/html').send(page));
  fastify.get('/api/docs/init.js', (_, reply) => reply.type('application/javascript').send(init));
  fastify.get('/api/docs/openapi.json', () => (document ??= buildOpenApiDocument(version)));
}

export const DOCS_ROUTES = ['/api/docs', '/api/docs/init.js', '/api/docs/openapi.json'];
