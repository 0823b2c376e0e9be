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

/** The active trace context to send along, or nothing when tracing is off. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  if (!running) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

export interface SpanOptions {
  kind: SpanKind;
  /** Context received from another process; without it the active context is the parent. */
  parent?: TraceCarrier;
  attributes?: Attributes;
}

/**
 * Runs `work` inside a new active span (ended when it settles; a throw marks it failed), or
 * just runs it when tracing is off.
 */
export async function traced<T>(
  name: string,
  options: SpanOptions,
  work: (span?: Span) => Promise<T>,
): Promise<T> {
  if (!running) return work();
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

/**
 * Starts a span for work that does not run inside one call (an HTTP request across hooks);
 * the caller ends it. Undefined when tracing is off.
 */
export function startSpan(name: string, options: SpanOptions): Span | undefined {
  if (!running) return undefined;
  const parent = options.parent
    ? propagation.extract(ROOT_CONTEXT, options.parent)
    : context.active();
  return tracer.startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
}

/** Calls `next` with `span` active, so what it starts (RPCs, jobs) joins the span's trace. */
export function withActiveSpan<T>(span: Span | undefined, next: () => T): T {
  return span ? context.with(trace.setSpan(context.active(), span), next) : next();
}
