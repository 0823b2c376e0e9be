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

/** Dead letters read at a time when a subscription starts. */
const DEAD_LETTER_PAGE = 100;

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

/** A stream entry's flat list of names and values, as pairs. */
function fieldPairs(fields: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < fields.length; index += 2)
    pairs.push([fields[index]!, fields[index + 1]!]);
  return pairs;
}

/** An entry's fields read back; an unreadable trace context only costs the event its trace. */
export function readEventEntry(fields: string[]): EventEntry {
  const values = new Map(fieldPairs(fields));
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
 * An entry a group could not handle for long: kept aside on the bus's dead-letter stream, so it
 * no longer holds the event stream's trim, until a restart of the group's service retries it.
 */
export interface DeadLetter {
  group: string;
  /** The entry's id on the event stream; its first part is when it was published. */
  id: string;
  /** The handler's last failure. */
  reason: string;
  /** The entry's own fields (eventEntryFields): the event and its publisher's trace context. */
  fields: string[];
}

const DEAD_LETTER_GROUP = 'group';
const DEAD_LETTER_ID = 'id';
const DEAD_LETTER_REASON = 'reason';
const DEAD_LETTER_NAMES = new Set([DEAD_LETTER_GROUP, DEAD_LETTER_ID, DEAD_LETTER_REASON]);

function deadLetterFields(letter: DeadLetter): string[] {
  const { group, id, reason, fields } = letter;
  return [DEAD_LETTER_GROUP, group, DEAD_LETTER_ID, id, DEAD_LETTER_REASON, reason, ...fields];
}

/** A dead-letter entry's fields read back. */
export function readDeadLetter(fields: string[]): DeadLetter {
  const pairs = fieldPairs(fields);
  const value = (name: string) => pairs.find(([key]) => key === name)?.[1] ?? '';
  return {
    group: value(DEAD_LETTER_GROUP),
    id: value(DEAD_LETTER_ID),
    reason: value(DEAD_LETTER_REASON),
    fields: pairs.filter(([name]) => !DEAD_LETTER_NAMES.has(name)).flat(),
  };
}

/** When the entry `id` was published: a stream id's first part is its milliseconds. */
const publishedAt = (id: string) => Number(id.split('-')[0]);

/** How handling an entry ended: handled, or failed, with the failure as text. */
export type Handling = { handled: true } | { handled: false; reason: string };

/**
 * Handles one entry for `group` in a span of its own (a consumer span, or with tracing off a
 * scope with its own span id) continuing the publisher's trace, so every line the handler logs
 * carries the trace id of the request or job that published the event. Acknowledged once
 * handled; a failure leaves it pending, to be claimed again.
 */
export async function handleEntry(
  group: string,
  id: string,
  fields: string[],
  handle: EventHandler,
  ack: () => Promise<unknown>,
): Promise<Handling> {
  let entry: EventEntry;
  try {
    entry = readEventEntry(fields);
  } catch (error) {
    log.error({ group }, `event ${id} failed, will retry: ${String(error)}`);
    return { handled: false, reason: String(error) };
  }
  // String(): an entry written by hand may lack a type; it still gets its span and its failure.
  const type = String(entry.event.type);
  const attributes = {
    ...eventAttributes(entry.event, 'process'),
    'messaging.consumer.group.name': group,
  };
  return traced<Handling>(
    `${group} ${type}`,
    { kind: SpanKind.CONSUMER, parent: entry.trace, attributes },
    async (span) => {
      try {
        const started = performance.now();
        await handle(entry.event);
        await ack();
        log.debug({ group }, `${type} handled in ${Math.round(performance.now() - started)} ms`);
        return { handled: true };
      } catch (error) {
        markFailed(span, String(error));
        log.error({ group }, `event ${id} failed, will retry: ${String(error)}`);
        return { handled: false, reason: String(error) };
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
  /**
   * An entry whose handler still fails this long after it was published becomes a dead letter
   * (kept aside, no longer retried every 30 s), so one poison event cannot hold the stream's
   * trim for ever. A day: no outage of a dependency shorter than that dead-letters anything.
   */
  deadLetterAfterMs: number;
}

const STREAM_BOUNDS: StreamBounds = {
  trimEvery: 1000,
  maxEntries: 1_000_000,
  deadLetterAfterMs: 24 * 60 * 60 * 1000,
};

/** The keys of a bus's streams, and its bounds, as a subscription needs them. */
export interface EventStreams {
  events: string;
  deadLetters: string;
  bounds: StreamBounds;
}

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
 * A handler that throws leaves the event pending; it is claimed again later, until a day after
 * its publication, when it becomes a dead letter its service retries at its next start. The
 * stream keeps every entry some group has not handled (trim), so a service far behind loses none.
 */
export class EventBus {
  private readonly writer: Redis;
  private readonly streams: EventStreams;
  private readonly bounds: StreamBounds;
  private published = 0;

  constructor(
    private readonly url: string,
    prefix: string,
    bounds: Partial<StreamBounds> = {},
  ) {
    this.writer = connectRedis(url, 'events-writer');
    this.bounds = { ...STREAM_BOUNDS, ...bounds };
    this.streams = {
      events: `${prefix}events`,
      deadLetters: `${prefix}events:dead`,
      bounds: this.bounds,
    };
  }

  /**
   * Drops the entries every group has handled: those before the oldest one a group still has
   * pending, or has not read yet. Answers how many went. A stream without groups keeps all.
   */
  async trim(): Promise<number> {
    const groups = (await this.writer
      .xinfo('GROUPS', this.streams.events)
      .catch(() => [])) as unknown[][];
    let oldest: string | null = null;
    for (const fields of groups) {
      const info = groupInfo(fields);
      let kept = String(info.get('last-delivered-id') ?? '0-0');
      if (Number(info.get('pending') ?? 0) > 0) {
        const [, first] = (await this.writer.xpending(
          this.streams.events,
          String(info.get('name')),
        )) as [number, string | null];
        if (first) kept = first;
      }
      if (oldest === null || compareIds(kept, oldest) < 0) oldest = kept;
    }
    if (oldest === null) return 0;
    // The last delivered entry itself stays: MINID keeps ids at or above it.
    return (await this.writer.xtrim(this.streams.events, 'MINID', oldest)) as number;
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
          this.streams.events,
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
      this.streams,
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
    private readonly streams: EventStreams,
    private readonly group: string,
    private readonly handle: EventHandler,
  ) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    await this.start();
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
          this.streams.events,
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

  /**
   * Joins the group, then gives its dead letters one more try: a start is often a deploy, and
   * what failed before may be handled by the code now running.
   */
  private async start(): Promise<void> {
    await this.redis
      .xgroup('CREATE', this.streams.events, this.group, '0', 'MKSTREAM')
      .catch((error: unknown) => {
        if (!String(error).includes('BUSYGROUP')) throw error;
      });
    await this.retryDeadLetters().catch((error: unknown) => {
      if (this.running)
        log.error({ group: this.group }, `dead letters not retried: ${String(error)}`);
    });
  }

  private async claimStale(): Promise<void> {
    const [, entries] = (await this.redis.xautoclaim(
      this.streams.events,
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
    const handling = await handleEntry(this.group, id, fields, this.handle, () =>
      this.redis.xack(this.streams.events, this.group, id),
    );
    const age = Date.now() - publishedAt(id);
    if (!handling.handled && age >= this.streams.bounds.deadLetterAfterMs)
      await this.deadLetter({ group: this.group, id, reason: handling.reason, fields });
  }

  /**
   * Sets a poison entry aside, then acknowledges it, so trim no longer waits for it. Not one
   * MULTI: Redis runs a transaction's XACK even when its XADD fails, which would lose the entry;
   * a crash between the two at worst leaves it pending, to be handled and set aside once more.
   */
  private async deadLetter(letter: DeadLetter): Promise<void> {
    const { events, deadLetters, bounds } = this.streams;
    const fields = deadLetterFields(letter);
    await this.redis.xadd(deadLetters, 'MAXLEN', '~', bounds.maxEntries, '*', ...fields);
    await this.redis.xack(events, this.group, letter.id);
    log.error(
      { group: this.group },
      `event ${letter.id} is a dead letter, retried at the next start: ${letter.reason}`,
    );
  }

  /** Gives each of this group's dead letters one more try; one handled is removed. */
  private async retryDeadLetters(): Promise<void> {
    let start = '-';
    while (this.running) {
      const page = (await this.redis.xrange(
        this.streams.deadLetters,
        start,
        '+',
        'COUNT',
        DEAD_LETTER_PAGE,
      )) as [string, string[]][];
      for (const [deadId, fields] of page) await this.retryDeadLetter(deadId, fields);
      if (page.length < DEAD_LETTER_PAGE) return;
      start = `(${page.at(-1)![0]}`;
    }
  }

  private async retryDeadLetter(deadId: string, fields: string[]): Promise<void> {
    const letter = readDeadLetter(fields);
    if (letter.group !== this.group) return;
    const handling = await handleEntry(this.group, letter.id, letter.fields, this.handle, () =>
      this.redis.xdel(this.streams.deadLetters, deadId),
    );
    if (handling.handled) log.info({ group: this.group }, `dead letter ${letter.id} handled`);
  }

  async close(): Promise<void> {
    this.running = false;
    this.redis.disconnect();
    await this.loop.catch(() => undefined);
  }
}
