import {
  type Attributes,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { BullMQOtel } from 'bullmq-otel';
import {
  activeScope,
  childScope,
  formatTraceparent,
  parseTraceparent,
  runInScope,
  type TraceIds,
  type TraceScope,
} from './trace-context.js';

export { SpanKind, type Span };

/** W3C trace context (`traceparent`, `tracestate`) as it travels in RPC requests and jobs. */
export type TraceCarrier = Record<string, string>;

interface RunningTracing {
  provider: { shutdown(): Promise<void> };
  queues: BullMQOtel;
}

let running: RunningTracing | undefined;
const tracer = trace.getTracer('hub');

/** The OTLP/HTTP traces address for an `OTEL_EXPORTER_OTLP_ENDPOINT` base, as the spec has it. */
export const otlpTracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, '')}/v1/traces`;

/**
 * Exports this process's spans by OTLP/HTTP to `endpoint`, named `processName`. The SDK is
 * loaded only here, so a process without an endpoint carries none of it; spans then cost one
 * branch each.
 */
export async function startTracing(processName: string, endpoint: string): Promise<void> {
  if (running) return;
  const [sdk, resources, hooks, core, otlp] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  const exporter = new otlp.OTLPTraceExporter({ url: otlpTracesUrl(endpoint) });
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': processName }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })],
  });
  trace.setGlobalTracerProvider(provider);
  running = { provider, queues: new BullMQOtel({ tracerName: 'hub-queues' }) };
}

/** Sends the spans still held, then turns tracing off (on shutdown). */
export async function stopTracing(): Promise<void> {
  const stopping = running;
  running = undefined;
  if (!stopping) return;
  await stopping.provider.shutdown().catch(() => undefined);
  trace.disable();
  propagation.disable();
  context.disable();
}

/** What BullMQ queues and workers carry trace context with (in job options), while tracing. */
export const queueTelemetry = (): BullMQOtel | undefined => running?.queues;

/** Whether OpenTelemetry holds the trace context (else trace-context.ts does). */
export const tracingOn = (): boolean => running !== undefined;

/**
 * The active trace context to send along (an RPC, a job), or nothing outside any request, RPC
 * or job. The same `traceparent` whether OpenTelemetry is on or not.
 */
export function currentTraceCarrier(): TraceCarrier | undefined {
  if (!running) {
    const scope = activeScope();
    return scope ? { traceparent: formatTraceparent(scope) } : undefined;
  }
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

const INVALID_TRACE_ID = '00000000000000000000000000000000';

/** The ids of the active span or scope, for log lines; undefined outside any (not all zero). */
export function activeTraceIds(): TraceIds | undefined {
  if (!running) return activeScope();
  const span = trace.getSpanContext(context.active());
  return span && span.traceId !== INVALID_TRACE_ID ? span : undefined;
}

export interface SpanOptions {
  kind: SpanKind;
  /** Context received from another process; without it the active context is the parent. */
  parent?: TraceCarrier;
  attributes?: Attributes;
}

/**
 * Work this process received (a request, an RPC to answer, a job) rather than work it sends:
 * with tracing off, only that gets ids of its own, the rest runs in its scope.
 */
const RECEIVED = new Set([SpanKind.SERVER, SpanKind.CONSUMER]);

/** The scope of received work while tracing is off: the sender's trace, else the active one. */
export const receivedScope = (parent: TraceCarrier | undefined): TraceScope =>
  childScope(parseTraceparent(parent?.traceparent) ?? activeScope());

/**
 * Runs `work` inside a new active span (ended when it settles; a throw marks it failed). With
 * tracing off, received work runs in a scope of its own (see trace-context.ts) and other work
 * just runs.
 */
export async function traced<T>(
  name: string,
  options: SpanOptions,
  work: (span?: Span) => Promise<T>,
): Promise<T> {
  if (!running) {
    return RECEIVED.has(options.kind) ? runInScope(receivedScope(options.parent), work) : work();
  }
  const parent = options.parent
    ? propagation.extract(ROOT_CONTEXT, options.parent)
    : context.active();
  return tracer.startActiveSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        markFailed(span, error instanceof Error ? error.message : String(error));
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export function markFailed(span: Span | undefined, message: string): void {
  span?.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** The trace of work that does not run inside one call: its span while tracing, else its scope. */
export type WorkTrace = TraceScope | SpanTrace;

interface SpanTrace extends TraceIds {
  /** The OpenTelemetry span, which the caller ends. */
  span: Span;
}

/**
 * Starts the trace of received work that does not run inside one call (an HTTP request across
 * hooks), continuing `options.parent` or starting a trace; run its parts with `inWorkTrace`.
 */
export function startWorkTrace(name: string, options: SpanOptions): WorkTrace {
  // With tracing off, the scope itself: no allocation beyond the ids.
  if (!running) return receivedScope(options.parent);
  const parent = options.parent
    ? propagation.extract(ROOT_CONTEXT, options.parent)
    : context.active();
  const span = tracer.startSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    parent,
  );
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId, span };
}

/** Calls `next` inside `work`'s trace, so what it logs and starts (RPCs, jobs) joins it. */
export function inWorkTrace<T>(work: WorkTrace, next: () => T): T {
  if ('span' in work) return context.with(trace.setSpan(context.active(), work.span), next);
  return runInScope(work, next);
}
