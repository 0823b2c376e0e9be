import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logger, markFailed, type Span, SpanKind, startSpan, withActiveSpan } from '@hub/kit';

const log = logger('http');

const spans = new WeakMap<FastifyRequest, Span>();

/** The W3C trace context a browser (or another traced client) sent with the request. */
function traceHeaders(request: FastifyRequest): Record<string, string> | undefined {
  const { traceparent, tracestate } = request.headers;
  if (typeof traceparent !== 'string') return undefined;
  return typeof tracestate === 'string' ? { traceparent, tracestate } : { traceparent };
}

/**
 * One server span per request while tracing is on, continuing the browser's trace: started
 * when the request arrives, active from the handler on (after the body is read, whose stream
 * events would lose it), so the RPCs, jobs and log lines the request causes join it; ended with
 * the answer, after a debug line saying what was answered (in the span: it carries the trace id).
 */
export function registerRequestTracing(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const span = startSpan(`${request.method} ${request.url.split('?')[0]}`, {
      kind: SpanKind.SERVER,
      parent: traceHeaders(request),
      attributes: { 'http.request.method': request.method },
    });
    if (span) spans.set(request, span);
    done();
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    withActiveSpan(spans.get(request), done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (log.isLevelEnabled('debug')) {
      withActiveSpan(span, () =>
        log.debug(
          `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]} ` +
            `${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
        ),
      );
    }
    if (span) {
      const route = request.routeOptions.url;
      if (route) span.updateName(`${request.method} ${route}`);
      span.setAttributes({
        'http.route': route ?? 'unmatched',
        'http.response.status_code': reply.statusCode,
      });
      if (reply.statusCode >= 500) markFailed(span, `HTTP ${reply.statusCode}`);
      span.end();
    }
    done();
  });
}
