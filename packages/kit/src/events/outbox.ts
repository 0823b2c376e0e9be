import { randomUUID } from 'node:crypto';
import type { DataSource, EntitySubscriberInterface } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import { currentTraceCarrier, logger } from '@hub/runtime';
import type { EventBus } from './event-bus.js';
import { OutboxRepository, type SqlRunner } from './outbox.repository.js';

export { createOutboxTable, type SqlRunner } from './outbox.repository.js';

const log = logger('outbox');

/** What publishes a service's events: its outbox (see Outbox). */
export interface EventPublisher {
  publish(event: DomainEvent, tx?: SqlRunner): Promise<void>;
}

export interface OutboxOptions {
  /** How often pending rows are looked for, besides right after each one is written. */
  pollMs?: number;
  /** Rows published in one pass. */
  batch?: number;
  /** How long a published row is kept (to look into), after which it is removed. */
  keepSentMs?: number;
}

const DAY_MS = 86_400_000;

/**
 * Transactional outbox: `publish(event, tx)` writes the event in the caller's transaction, and
 * a relay puts committed rows on the event bus and marks them sent. A rolled-back transaction
 * leaves no row, so nothing is published; a process stopped after the commit, or a bus that
 * refuses the publish, leaves the row pending for the next pass (of any replica: rows are
 * taken with SKIP LOCKED). Delivery is at least once: a row published whose mark was lost is
 * published again, so consumers dedupe (webhook deliveries by the event's id).
 */
export class Outbox implements EventPublisher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private again = false;
  /** An event was written in a transaction since the last pass began. */
  private written = false;
  private lastPrune = 0;
  /** Relays once a transaction commits after an event was written (it may have been that one). */
  private readonly onCommit: EntitySubscriberInterface = {
    afterTransactionCommit: () => {
      if (this.written) this.kick();
    },
  };
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly keepSentMs: number;
  private readonly rows: OutboxRepository;

  constructor(
    private readonly db: DataSource,
    private readonly bus: Pick<EventBus, 'publish'>,
    options: OutboxOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.batch = options.batch ?? 100;
    this.keepSentMs = options.keepSentMs ?? DAY_MS;
    this.rows = new OutboxRepository(db);
    db.subscribers.push(this.onCommit);
  }

  /**
   * Records `event` in `tx` when given (the change's transaction), else on its own. Either way
   * a relay pass follows as soon as the row is committed.
   */
  async publish(event: DomainEvent, tx?: SqlRunner): Promise<void> {
    await this.rows.add(tx ?? this.db, randomUUID(), event, currentTraceCarrier());
    if (tx) this.written = true;
    else this.kick();
  }

  /** Relays every pollMs until stopped. */
  start(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const subscribers = this.db.subscribers;
    if (subscribers.includes(this.onCommit))
      subscribers.splice(subscribers.indexOf(this.onCommit), 1);
    await this.running?.catch(() => undefined);
  }

  private kick(): void {
    void this.relay().catch((error: unknown) => log.warn(`relay failed: ${String(error)}`));
  }

  /**
   * Publishes pending rows, oldest first, until none is left or the bus fails; how many were
   * published. One pass at a time in a process: a call during a pass asks for another after it.
   */
  async relay(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    }
  }

  private async drain(): Promise<number> {
    this.written = false;
    let published = 0;
    for (;;) {
      const { sent, complete } = await this.pass();
      published += sent;
      if (!complete || sent < this.batch) break;
    }
    await this.prune();
    return published;
  }

  /** One batch, locked while it is published; a failure keeps the rest pending. */
  private pass(): Promise<{ sent: number; complete: boolean }> {
    return this.db.transaction(async (tx) => {
      const rows = await this.rows.pending(tx, this.batch);
      const sent: string[] = [];
      let complete = true;
      for (const row of rows) {
        try {
          await this.bus.publish(row.event, row.trace ?? undefined);
          sent.push(row.id);
        } catch (error) {
          log.warn(`event ${row.event.type} ${row.id} kept for the next pass: ${String(error)}`);
          complete = false;
          break;
        }
      }
      if (sent.length > 0) await this.rows.markSent(tx, sent);
      return { sent: sent.length, complete };
    });
  }

  /** Removes rows published longer ago than kept, at most once a minute. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 60_000) return;
    this.lastPrune = Date.now();
    await this.rows.removeSentBefore(new Date(Date.now() - this.keepSentMs));
  }
}
