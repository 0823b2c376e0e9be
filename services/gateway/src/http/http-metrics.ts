import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from '@hub/kit';

/**
 * Times every answer by its route template (`/api/documents/:id`, never the raw URL, so
 * ids do not multiply the series); requests no route matched share one label.
 */
export function registerHttpMetrics(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
