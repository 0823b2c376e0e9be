import { describe, expect, it } from 'vitest';
import {
  activeScope,
  childScope,
  formatTraceparent,
  newSpanId,
  newTraceId,
  parseTraceparent,
  runInScope,
} from './trace-context.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';

describe('W3C ids', () => {
  it('makes 32- and 16-digit lowercase hex ids, each new', () => {
    const traces = new Set(Array.from({ length: 1000 }, newTraceId));
    const spans = new Set(Array.from({ length: 1000 }, newSpanId));
    expect(traces.size).toBe(1000);
    expect(spans.size).toBe(1000);
    for (const id of traces) expect(id).toMatch(/^[0-9a-f]{32}$/);
    for (const id of spans) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('traceparent', () => {
  it("reads the spec's example and writes it back", () => {
    const parsed = parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-01`);
    expect(parsed).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, sampled: true });
    expect(formatTraceparent(parsed!)).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
    expect(parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-00`)?.sampled).toBe(false);
  });

  it('takes a later version with more fields, reading the four it knows', () => {
    expect(parseTraceparent(`01-${TRACE_ID}-${SPAN_ID}-03-extra`)).toEqual({
      traceId: TRACE_ID,
      spanId: SPAN_ID,
      sampled: true,
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['uppercase', `00-${TRACE_ID.toUpperCase()}-${SPAN_ID}-01`],
    ['a zero trace id', `00-${'0'.repeat(32)}-${SPAN_ID}-01`],
    ['a zero span id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE_ID}-${SPAN_ID}-01`],
    ['version 00 with more', `00-${TRACE_ID}-${SPAN_ID}-01-extra`],
    ['a later version glued to more', `01-${TRACE_ID}-${SPAN_ID}-01extra`],
    ['a short trace id', `00-${TRACE_ID.slice(1)}-${SPAN_ID}-01`],
    ['not hex', `00-${'z'.repeat(32)}-${SPAN_ID}-01`],
  ])('refuses one %s', (_what, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });
});

describe('scopes', () => {
  it("continues the parent's trace with a span of its own, or starts one", () => {
    const parent = { traceId: TRACE_ID, spanId: SPAN_ID, sampled: true };
    const child = childScope(parent);
    expect(child.traceId).toBe(TRACE_ID);
    expect(child.spanId).not.toBe(SPAN_ID);
    expect(child.sampled).toBe(true);
    const root = childScope(undefined);
    expect(root.traceId).not.toBe(TRACE_ID);
    expect(root.sampled).toBe(false);
  });

  it('follows the work across awaits and timers, each concurrent work its own', async () => {
    const seen: string[] = [];
    const work = (scope: ReturnType<typeof childScope>) =>
      runInScope(scope, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(`${scope.spanId}=${activeScope()?.spanId}`);
        await Promise.resolve();
        seen.push(`${scope.spanId}=${activeScope()?.spanId}`);
      });
    const [a, b] = [childScope(undefined), childScope(undefined)];
    await Promise.all([work(a), work(b)]);
    expect(seen.sort()).toEqual(
      [a, a, b, b].map((scope) => `${scope.spanId}=${scope.spanId}`).sort(),
    );
    expect(activeScope()).toBeUndefined();
  });
});
