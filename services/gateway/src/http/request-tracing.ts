import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  inWorkTrace,
  logger,
  markFailed,
  SpanKind,
  startWorkTrace,
  type WorkTrace,
} from '@hub/kit';

const log = logger('http');

/**
 * The response header that gives the request's trace id back: what a user or the web app can
 * quote, and what its log lines are found by. Choice: not `traceparent` (whose meaning in a
 * response no standard defines) nor the draft `traceresponse`, which nothing reads yet.
 */
export const TRACE_ID_HEADER = 'x-trace-id';

const traces = new WeakMap<FastifyRequest, WorkTrace>();

/** The W3C trace context a browser (or another traced client) sent with the request. */
function traceHeaders(request: FastifyRequest): Record<string, string> | undefined {
  const { traceparent, tracestate } = request.headers;
  if (typeof traceparent !== 'string') return undefined;
  return typeof tracestate === 'string' ? { traceparent, tracestate } : { traceparent };
}

/**
 * One trace per request, continuing the browser's (its `traceparent`) or a new one, with tracing
 * on (a server span) or off (ids only): started when the request arrives and answered in
 * `x-trace-id`, active from the handler on (after the body is read, whose stream events would
 * lose it), so the RPCs, jobs and log lines the request causes join it; ended with the answer,
 * after a debug line saying what was answered (in the trace: it carries the trace id).
 */
export function registerRequestTracing(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const trace = startWorkTrace(`${request.method} ${request.url.split('?')[0]}`, {
      kind: SpanKind.SERVER,
      parent: traceHeaders(request),
      attributes: { 'http.request.method': request.method },
    });
    traces.set(request, trace);
    reply.header(TRACE_ID_HEADER, trace.traceId);
    done();
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    const trace = traces.get(request);
    if (trace) inWorkTrace(trace, done);
    else done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const trace = traces.get(request);
    if (trace && log.isLevelEnabled('debug')) {
      inWorkTrace(trace, () =>
        log.debug(
          `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]} ` +
            `${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
        ),
      );
    }
    if (trace && 'span' in trace) {
      const { span } = trace;
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
