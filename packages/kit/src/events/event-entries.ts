import type { DomainEvent } from '@hub/proto';
import {
  currentTraceCarrier,
  logger,
  markFailed,
  SpanKind,
  type TraceCarrier,
  traced,
} from '@hub/runtime';

const log = logger('events');

export type EventHandler = (event: DomainEvent) => Promise<void>;

const EVENT_FIELD = 'e';
const TRACE_FIELD = 't';

export const eventAttributes = (event: DomainEvent, operation: 'publish' | 'process') => ({
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

export function deadLetterFields(letter: DeadLetter): string[] {
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
export const publishedAt = (id: string) => Number(id.split('-')[0]);

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

/** The keys of a bus's streams, and its bounds, as a subscription needs them. */
export interface EventStreams {
  events: string;
  deadLetters: string;
  bounds: StreamBounds;
}
