import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { jobTraceCarrier, withTraceContext } from '../queues/queues.js';
import { activeScope, childScope, formatTraceparent } from './trace-context.js';
import {
  activeTraceIds,
  currentTraceCarrier,
  inWorkTrace,
  SpanKind,
  startWorkTrace,
  traced,
  tracingOn,
} from './tracing.js';

/**
 * With OpenTelemetry off (no OTEL_EXPORTER_OTLP_ENDPOINT, as in this file), requests, RPCs and
 * jobs still get W3C ids, carried as with tracing on, and their log lines carry them.
 */
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';
const caller = { traceparent: `00-${TRACE_ID}-${SPAN_ID}-01` };

type Line = Record<string, unknown>;

function collectingLogger() {
  const lines: Line[] = [];
  const log = createLogger({
    service: 'library',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  return { lines, log };
}

describe('tracing off', () => {
  it('has no SDK loaded and no context outside any work', () => {
    expect(tracingOn()).toBe(false);
    expect(currentTraceCarrier()).toBeUndefined();
    expect(activeTraceIds()).toBeUndefined();
  });

  it("answers an RPC in the caller's trace, with a span id of its own, which it passes on", async () => {
    const inside = await traced('library x', { kind: SpanKind.SERVER, parent: caller }, () =>
      Promise.resolve({ ids: activeTraceIds(), carrier: currentTraceCarrier() }),
    );
    expect(inside.ids?.traceId).toBe(TRACE_ID);
    expect(inside.ids?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(inside.ids?.spanId).not.toBe(SPAN_ID);
    expect(inside.carrier).toEqual({
      traceparent: `00-${TRACE_ID}-${inside.ids?.spanId}-01`,
    });
  });

  it('starts a trace for received work without a parent, and none for work it sends', async () => {
    const received = await traced('job', { kind: SpanKind.CONSUMER }, () =>
      Promise.resolve(activeTraceIds()),
    );
    expect(received?.traceId).toMatch(/^[0-9a-f]{32}$/);
    const outer = childScope(undefined);
    await inWorkTrace(outer, () =>
      traced('identity y', { kind: SpanKind.CLIENT }, async () => {
        // A call's context is its sender's: the RPC carries the request's span as its parent.
        expect(activeScope()).toBe(outer);
      }),
    );
  });

  it("starts a request's trace from its traceparent or afresh, active where it is run", () => {
    const continued = startWorkTrace('GET /api/user', { kind: SpanKind.SERVER, parent: caller });
    expect(continued.traceId).toBe(TRACE_ID);
    expect('span' in continued).toBe(false);
    const fresh = startWorkTrace('GET /api/user', {
      kind: SpanKind.SERVER,
      parent: { traceparent: 'garbage' },
    });
    expect(fresh.traceId).not.toBe(TRACE_ID);
    expect(inWorkTrace(fresh, activeTraceIds)).toBe(fresh);
  });

  it('puts the ids on every line logged inside, and none outside', async () => {
    const { lines, log } = collectingLogger();
    const request = startWorkTrace('POST /x', { kind: SpanKind.SERVER });
    await inWorkTrace(request, async () => {
      log.info('first');
      await new Promise((resolve) => setTimeout(resolve, 2));
      log.child({ context: 'rpc' }).info('second');
    });
    log.info('outside');
    expect(lines.map((line) => [line.msg, line.traceId, line.spanId])).toEqual([
      ['first', request.traceId, request.spanId],
      ['second', request.traceId, request.spanId],
      ['outside', undefined, undefined],
    ]);
  });

  it("puts the producer's context in a job's options where bullmq-otel does, and reads it back", () => {
    expect(withTraceContext({ attempts: 2 })).toEqual({ attempts: 2 });
    const producer = childScope(undefined);
    const options = inWorkTrace(producer, () => withTraceContext({ attempts: 2 }));
    expect(options).toEqual({
      attempts: 2,
      telemetry: { metadata: JSON.stringify({ traceparent: formatTraceparent(producer) }) },
    });
    expect(jobTraceCarrier({ opts: options! })).toEqual({
      traceparent: formatTraceparent(producer),
    });
    // A context already given (a retry's, another tracer's) is kept.
    const given = { telemetry: { metadata: '{"traceparent":"x"}' } };
    expect(inWorkTrace(producer, () => withTraceContext(given))).toBe(given);
    expect(jobTraceCarrier({ opts: { telemetry: { metadata: 'not json' } } })).toBeUndefined();
    expect(jobTraceCarrier({ opts: {} })).toBeUndefined();
  });
});
