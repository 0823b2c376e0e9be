import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DomainEvent } from '@hub/proto';
import {
  connectRedis,
  currentTraceCarrier,
  logger,
  markFailed,
  SpanKind,
  type TraceCarrier,
  traced,
} from '@hub/runtime';

const log = logger('events');

type StreamEntries = [string, [string, string[]][]][] | null;
export type EventHandler = (event: DomainEvent) => Promise<void>;

/** A handled event is retried after this long when its handler failed or its consumer died. */
const RETRY_AFTER_MS = 30_000;

/** A stream entry's fields: the event as JSON, and its publisher's trace context as JSON. */
const EVENT_FIELD = 'e';
const TRACE_FIELD = 't';

const eventAttributes = (event: DomainEvent, operation: 'publish' | 'process') => ({
  'messaging.system': 'hub-redis-streams',
  'messaging.destination.name': 'events',
  'messaging.operation.type': operation,
  'messaging.event.type': event.type,
});

/**
 * The fields of `event`'s stream entry, with the trace context of the work publishing it (the
 * same `traceparent` in both tracing modes, as RPCs and jobs carry), so its handlers continue
 * that trace. An entry without it (published outside any work) starts a trace of its own.
 */
export function eventEntryFields(
  event: DomainEvent,
  carrier: TraceCarrier | undefined = currentTraceCarrier(),
): string[] {
  const fields = [EVENT_FIELD, JSON.stringify(event)];
  return carrier ? [...fields, TRACE_FIELD, JSON.stringify(carrier)] : fields;
}

/** A delivered entry: the event, and its publisher's trace context when it carried one. */
export interface EventEntry {
  event: DomainEvent;
  trace?: TraceCarrier;
}

/** An entry's fields read back; an unreadable trace context only costs the event its trace. */
export function readEventEntry(fields: string[]): EventEntry {
  const values = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length; index += 2)
    values.set(fields[index]!, fields[index + 1]!);
  const event = JSON.parse(values.get(EVENT_FIELD) ?? '{}') as DomainEvent;
  return { event, trace: traceCarrier(values.get(TRACE_FIELD)) };
}

function traceCarrier(json: string | undefined): TraceCarrier | undefined {
  if (json === undefined) return undefined;
  try {
    const carrier: unknown = JSON.parse(json);
    return typeof carrier === 'object' && carrier !== null ? (carrier as TraceCarrier) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Handles one entry for `group` in a span of its own (a consumer span, or with tracing off a
 * scope with its own span id) continuing the publisher's trace, so every line the handler logs
 * carries the trace id of the request or job that published the event. Acknowledged once
 * handled; a failure leaves it pending, to be claimed again. Whether it was handled.
 */
export async function handleEntry(
  group: string,
  id: string,
  fields: string[],
  handle: EventHandler,
  ack: () => Promise<unknown>,
): Promise<boolean> {
  let entry: EventEntry;
  try {
    entry = readEventEntry(fields);
  } catch (error) {
    log.error({ group }, `event ${id} failed, will retry: ${String(error)}`);
    return false;
  }
  // String(): an entry written by hand may lack a type; it still gets its span and its failure.
  const type = String(entry.event.type);
  const attributes = {
    ...eventAttributes(entry.event, 'process'),
    'messaging.consumer.group.name': group,
  };
  return traced(
    `${group} ${type}`,
    { kind: SpanKind.CONSUMER, parent: entry.trace, attributes },
    async (span) => {
      try {
        const started = performance.now();
        await handle(entry.event);
        await ack();
        log.debug({ group }, `${type} handled in ${Math.round(performance.now() - started)} ms`);
        return true;
      } catch (error) {
        markFailed(span, String(error));
        log.error({ group }, `event ${id} failed, will retry: ${String(error)}`);
        return false;
      }
    },
  );
}

export interface StreamBounds {
  /** The stream is trimmed to what every group has read once in this many publishes. */
  trimEvery: number;
  /**
   * Entries kept at most, read or not: a group no service reads any more (a retired service's)
   * must not hold the stream, and Redis's memory, forever. Far above any backlog of a live one.
   */
  maxEntries: number;
}

const STREAM_BOUNDS: StreamBounds = { trimEvery: 1000, maxEntries: 1_000_000 };

/** Redis stream ids ("ms-seq") in order. */
function compareIds(a: string, b: string): number {
  const [aTime = 0n, aSeq = 0n] = a.split('-').map(BigInt);
  const [bTime = 0n, bSeq = 0n] = b.split('-').map(BigInt);
  if (aTime !== bTime) return aTime < bTime ? -1 : 1;
  return aSeq === bSeq ? 0 : aSeq < bSeq ? -1 : 1;
}

/** XINFO GROUPS's answer: a flat list of names and values a group. */
function groupInfo(fields: unknown[]): Map<string, unknown> {
  const info = new Map<string, unknown>();
  for (let index = 0; index + 1 < fields.length; index += 2)
    info.set(String(fields[index]), fields[index + 1]);
  return info;
}

/**
 * Durable fan-out: every event goes on one Redis stream, and each service reads it through a
 * consumer group of its own, so every service sees every event once, even after a restart.
 * A handler that throws leaves the event pending; it is claimed again later. The stream keeps
 * every entry some group has not handled (trim), so a service far behind loses none.
 */
export class EventBus {
  private readonly writer: Redis;
  private readonly streamKey: string;
  private published = 0;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly bounds: StreamBounds = STREAM_BOUNDS,
  ) {
    this.writer = connectRedis(url, 'events-writer');
    this.streamKey = `${prefix}events`;
  }

  /**
   * Drops the entries every group has handled: those before the oldest one a group still has
   * pending, or has not read yet. Answers how many went. A stream without groups keeps all.
   */
  async trim(): Promise<number> {
    const groups = (await this.writer
      .xinfo('GROUPS', this.streamKey)
      .catch(() => [])) as unknown[][];
    let oldest: string | null = null;
    for (const fields of groups) {
      const info = groupInfo(fields);
      let kept = String(info.get('last-delivered-id') ?? '0-0');
      if (Number(info.get('pending') ?? 0) > 0) {
        const [, first] = (await this.writer.xpending(
          this.streamKey,
          String(info.get('name')),
        )) as [number, string | null];
        if (first) kept = first;
      }
      if (oldest === null || compareIds(kept, oldest) < 0) oldest = kept;
    }
    if (oldest === null) return 0;
    // The last delivered entry itself stays: MINID keeps ids at or above it.
    return (await this.writer.xtrim(this.streamKey, 'MINID', oldest)) as number;
  }

  /**
   * Publishes `event` in a producer span, whose context the entry carries (see eventEntryFields):
   * the span continues `parent` when given (the work that wrote the event to an outbox).
   */
  async publish(event: DomainEvent, parent?: TraceCarrier): Promise<void> {
    const attributes = eventAttributes(event, 'publish');
    await traced(
      `events publish ${event.type}`,
      { kind: SpanKind.PRODUCER, attributes, parent },
      () =>
        this.writer.xadd(
          this.streamKey,
          'MAXLEN',
          '~',
          this.bounds.maxEntries,
          '*',
          // The row's own context first: a relay pass publishes rows of many requests.
          ...eventEntryFields(event, parent ?? currentTraceCarrier()),
        ),
    );
    if ((this.published += 1) % this.bounds.trimEvery === 0)
      await this.trim().catch((error: unknown) => log.warn(`events not trimmed: ${String(error)}`));
  }

  subscribe(service: string, handle: EventHandler): EventSubscription {
    return new EventSubscription(
      connectRedis(this.url, `${service}-events`),
      this.streamKey,
      service,
      handle,
    );
  }

  async close(): Promise<void> {
    this.writer.disconnect();
  }
}

export class EventSubscription {
  private running = true;
  private readonly consumer = randomUUID();
  private readonly loop: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly streamKey: string,
    private readonly group: string,
    private readonly handle: EventHandler,
  ) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    await this.redis
      .xgroup('CREATE', this.streamKey, this.group, '0', 'MKSTREAM')
      .catch((error: unknown) => {
        if (!String(error).includes('BUSYGROUP')) throw error;
      });
    while (this.running) {
      try {
        await this.claimStale();
        const batch = (await this.redis.xreadgroup(
          'GROUP',
          this.group,
          this.consumer,
          'COUNT',
          20,
          'BLOCK',
          1000,
          'STREAMS',
          this.streamKey,
          '>',
        )) as StreamEntries;
        for (const [, entries] of batch ?? [])
          for (const [id, fields] of entries) await this.deliver(id, fields);
      } catch (error) {
        if (!this.running) return;
        log.error({ group: this.group }, String(error));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async claimStale(): Promise<void> {
    const [, entries] = (await this.redis.xautoclaim(
      this.streamKey,
      this.group,
      this.consumer,
      RETRY_AFTER_MS,
      '0-0',
      'COUNT',
      20,
    )) as [string, [string, string[] | null][]];
    for (const [id, fields] of entries) if (fields) await this.deliver(id, fields);
  }

  private async deliver(id: string, fields: string[]): Promise<void> {
    await handleEntry(this.group, id, fields, this.handle, () =>
      this.redis.xack(this.streamKey, this.group, id),
    );
  }

  async close(): Promise<void> {
    this.running = false;
    this.redis.disconnect();
    await this.loop.catch(() => undefined);
  }
}
