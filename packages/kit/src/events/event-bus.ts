import type { Redis } from 'ioredis';
import type { DomainEvent } from '@hub/proto';
import {
  connectRedis,
  currentTraceCarrier,
  logger,
  SpanKind,
  type TraceCarrier,
  traced,
} from '@hub/runtime';
import {
  eventAttributes,
  eventEntryFields,
  type EventHandler,
  type EventStreams,
  type StreamBounds,
} from './event-entries.js';
import { EventSubscription } from './event-subscription.js';

export * from './event-entries.js';
export { EventSubscription } from './event-subscription.js';

const log = logger('events');

const STREAM_BOUNDS: StreamBounds = {
  trimEvery: 1000,
  maxEntries: 1_000_000,
  deadLetterAfterMs: 24 * 60 * 60 * 1000,
};

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

  /**
   * Makes `group` exist from now on, before its reader first starts: what is published for it
   * meanwhile (a service upgraded before the one that reads it) is then kept for it, not trimmed
   * as every existing group's. Its reader, joining later, takes it from there.
   */
  async keepFor(group: string): Promise<void> {
    await this.writer
      .xgroup('CREATE', this.streams.events, group, '$', 'MKSTREAM')
      .catch((error: unknown) => {
        if (!String(error).includes('BUSYGROUP')) throw error;
      });
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
