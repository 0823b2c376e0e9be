import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@hub/proto';
import {
  activeTraceIds,
  captureLogs,
  childScope,
  logger,
  runInScope,
  SpanKind,
  startTracing,
  stopTracing,
  traced,
  tracingOn,
} from '@hub/runtime';
import { eventEntryFields, handleEntry, readEventEntry } from './event-bus.js';

/**
 * An event carries its publisher's trace context, so what each subscriber logs while handling
 * it carries the trace id of the request or job that published it, each handler in a span of
 * its own: with tracing off (trace-context.ts) and on (OpenTelemetry). Redis is not needed: the
 * entry's fields are what the stream keeps (event-bus.int.test.ts sends them through it).
 */
type Line = Record<string, unknown>;

const EVENT: DomainEvent = { type: 'user.deleted', userId: 5, organizationId: 1 };
const cleanup = logger('cleanup');

let lines: Line[] = [];
let releaseLogs: (() => void) | undefined;

beforeAll(() => {
  releaseLogs = captureLogs(
    { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    'debug',
  );
});

afterAll(() => releaseLogs?.());

/** Handles `fields` as two services would, each logging a line; whether each acknowledged it. */
async function handleInTwoServices(fields: string[]): Promise<string[]> {
  const acked: string[] = [];
  for (const group of ['library', 'video']) {
    await handleEntry(
      group,
      '1-0',
      fields,
      async (event) => cleanup.info({ group }, `cleaning up after ${event.type}`),
      async () => acked.push(group),
    );
  }
  return acked;
}

/** The ids on the lines each group's handling logged (its own and the bus's). */
const idsOf = (group: string) =>
  lines.filter((line) => line.group === group).map((line) => [line.traceId, line.spanId]);

describe('events with tracing off', () => {
  it('carry the publisher trace to each handler, which logs it under a span id of its own', async () => {
    expect(tracingOn()).toBe(false);
    lines = [];
    const publisher = childScope(undefined);
    const fields = runInScope(publisher, () => eventEntryFields(EVENT));
    expect(readEventEntry(fields)).toEqual({
      event: EVENT,
      trace: { traceparent: `00-${publisher.traceId}-${publisher.spanId}-00` },
    });

    expect(await handleInTwoServices(fields)).toEqual(['library', 'video']);

    const library = idsOf('library');
    const video = idsOf('video');
    expect(library.map(([, spanId]) => spanId)).toEqual([library[0]![1], library[0]![1]]);
    expect(lines.map((line) => [line.msg, line.traceId])).toEqual([
      ['cleaning up after user.deleted', publisher.traceId],
      [expect.stringMatching(/^user\.deleted handled in \d+ ms$/), publisher.traceId],
      ['cleaning up after user.deleted', publisher.traceId],
      [expect.stringMatching(/^user\.deleted handled in \d+ ms$/), publisher.traceId],
    ]);
    expect(new Set([publisher.spanId, library[0]![1], video[0]![1]]).size).toBe(3);
  });

  it('start a trace of their own when published outside any work', async () => {
    lines = [];
    const fields = eventEntryFields(EVENT);
    expect(readEventEntry(fields)).toEqual({ event: EVENT, trace: undefined });
    await handleInTwoServices(fields);
    const [[libraryTrace], [videoTrace]] = [idsOf('library')[0]!, idsOf('video')[0]!];
    expect(libraryTrace).toMatch(/^[0-9a-f]{32}$/);
    expect(videoTrace).not.toBe(libraryTrace);
  });

  it('leave a failed event unacknowledged, its failure logged in the trace', async () => {
    lines = [];
    const publisher = childScope(undefined);
    const fields = runInScope(publisher, () => eventEntryFields(EVENT));
    const handling = await handleEntry(
      'flaky',
      '2-0',
      fields,
      async () => {
        throw new Error('database unreachable');
      },
      async () => expect.unreachable('a failed event is not acknowledged'),
    );
    expect(handling).toEqual({ handled: false, reason: 'Error: database unreachable' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        traceId: publisher.traceId,
        msg: 'event 2-0 failed, will retry: Error: database unreachable',
      }),
    ]);
  });
});

describe('events with tracing on', () => {
  let collector: Server;
  beforeAll(async () => {
    // A collector that takes the spans and drops them: the active context is what counts.
    collector = createServer((request, response) => {
      request.resume().on('end', () => response.writeHead(200).end('{}'));
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    await startTracing('events-test', `http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await stopTracing();
    collector.close();
  });

  it("carry the publisher's span context to each handler's consumer span", async () => {
    lines = [];
    const { fields, publisher } = await traced('request', { kind: SpanKind.SERVER }, async () => ({
      fields: eventEntryFields(EVENT),
      publisher: activeTraceIds()!,
    }));
    expect(readEventEntry(fields).trace?.traceparent).toContain(publisher.traceId);

    await handleInTwoServices(fields);

    const [library, video] = [idsOf('library'), idsOf('video')];
    expect(library).toEqual([library[0], library[0]]);
    expect(lines.map((line) => line.traceId)).toEqual(Array(4).fill(publisher.traceId));
    expect(new Set([publisher.spanId, library[0]![1], video[0]![1]]).size).toBe(3);
  });
});
