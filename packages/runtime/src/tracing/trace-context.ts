import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';

/**
 * The trace context of the work running now (an HTTP request, an RPC answered, a job processed)
 * while OpenTelemetry is off: W3C ids, carried by AsyncLocalStorage, so every log line of the
 * work carries its trace id without loading the tracing SDK (about 25 MB per process). With
 * tracing on, OpenTelemetry's own context holds the ids instead (see tracing.ts), never both.
 */
export interface TraceIds {
  /** 32 lowercase hex digits, not all zero (W3C trace-id). */
  traceId: string;
  /** 16 lowercase hex digits, not all zero (W3C parent-id: this process's unit of work). */
  spanId: string;
}

export interface TraceScope extends TraceIds {
  /** The W3C `sampled` flag, passed on as received: a caller's tracer may have recorded. */
  sampled: boolean;
}

const scopes = new AsyncLocalStorage<TraceScope>();

/** The scope the running code is in, if any. */
export const activeScope = (): TraceScope | undefined => scopes.getStore();

/** Runs `work` (and all it starts, awaited or not) inside `scope`. */
export const runInScope = <T>(scope: TraceScope, work: () => T): T => scopes.run(scope, work);

// Ids come from a pool of random bytes refilled 4 KiB at a time: one system call per ~170
// requests rather than one per id, and no allocation beyond the id's own string.
const pool = Buffer.allocUnsafe(4096);
let used = pool.length;

function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes);
  used += bytes;
  return hex;
}

const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

/** A new W3C trace id (all zeros is invalid, so never that). */
export function newTraceId(): string {
  const id = randomHex(16);
  return id === ZERO_TRACE_ID ? newTraceId() : id;
}

/** A new W3C span (parent) id. */
export function newSpanId(): string {
  const id = randomHex(8);
  return id === ZERO_SPAN_ID ? newSpanId() : id;
}

/**
 * A W3C `traceparent`: version, trace id, parent id, flags. Version 00 has exactly these four
 * fields; a later version may add fields after them, which we ignore (as the spec asks); `ff`
 * is invalid.
 */
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}/;

/** The caller's ids from a `traceparent`, or undefined when it is missing or invalid. */
export function parseTraceparent(value: string | undefined): TraceScope | undefined {
  if (value === undefined || value.length < 55 || !TRACEPARENT.test(value)) return undefined;
  const version = value.slice(0, 2);
  if (version === 'ff' || (version === '00' ? value.length !== 55 : value[55] !== '-')) {
    return undefined;
  }
  const traceId = value.slice(3, 35);
  const spanId = value.slice(36, 52);
  if (traceId === ZERO_TRACE_ID || spanId === ZERO_SPAN_ID) return undefined;
  // Only bit 0 (sampled) is defined; the others are for future versions.
  const sampled = (parseInt(value.slice(53, 55), 16) & 1) === 1;
  return { traceId, spanId, sampled };
}

/** The `traceparent` that makes `scope` the parent of the receiver's work. */
export const formatTraceparent = (scope: TraceScope): string =>
  `00-${scope.traceId}-${scope.spanId}-${scope.sampled ? '01' : '00'}`;

/**
 * The scope of work caused by `parent` (another process's request, job or call): the same trace,
 * a span id of its own. Without a parent, a new trace; not sampled, as nothing records it.
 */
export function childScope(parent: TraceScope | undefined): TraceScope {
  return parent
    ? { traceId: parent.traceId, spanId: newSpanId(), sampled: parent.sampled }
    : { traceId: newTraceId(), spanId: newSpanId(), sampled: false };
}
