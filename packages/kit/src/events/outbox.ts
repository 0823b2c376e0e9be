import { randomUUID } from 'node:crypto';
import type { DataSource, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import { currentTraceCarrier, logger, type TraceCarrier } from '@hub/runtime';
import type { EventBus } from './event-bus.js';

const log = logger('outbox');

/** What runs SQL inside the caller's transaction: a TypeORM EntityManager or QueryRunner. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** What publishes an event: the outbox in a service, the bus itself in a test or a tool. */
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

interface PendingRow {
  id: string;
  event: DomainEvent;
  trace: TraceCarrier | null;
}

const DAY_MS = 86_400_000;

/**
 * The `outbox` table of a service's schema: one row an event, written by the transaction that
 * made the change the event tells of, so the event exists exactly when the change does.
 */
export async function createOutboxTable(db: QueryRunner): Promise<void> {
  await db.query(`
    CREATE TABLE outbox (
      id uuid PRIMARY KEY,
      event jsonb NOT NULL,
      trace jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`);
  await db.query(`CREATE INDEX outbox_pending_idx ON outbox (created_at) WHERE sent_at IS NULL`);
  await db.query(`CREATE INDEX outbox_sent_idx ON outbox (sent_at) WHERE sent_at IS NOT NULL`);
}

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

  constructor(
    private readonly db: DataSource,
    private readonly bus: Pick<EventBus, 'publish'>,
    options: OutboxOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.batch = options.batch ?? 100;
    this.keepSentMs = options.keepSentMs ?? DAY_MS;
    db.subscribers.push(this.onCommit);
  }

  /**
   * Records `event` in `tx` when given (the change's transaction), else on its own. Either way
   * a relay pass follows as soon as the row is committed.
   */
  async publish(event: DomainEvent, tx?: SqlRunner): Promise<void> {
    await (tx ?? this.db).query(`INSERT INTO outbox (id, event, trace) VALUES ($1, $2, $3)`, [
      randomUUID(),
      JSON.stringify(event),
      JSON.stringify(currentTraceCarrier() ?? null),
    ]);
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
      const rows: PendingRow[] = await tx.query(
        `SELECT id, event, trace FROM outbox WHERE sent_at IS NULL
          ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batch],
      );
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
      if (sent.length > 0)
        await tx.query(`UPDATE outbox SET sent_at = now() WHERE id = ANY ($1::uuid[])`, [sent]);
      return { sent: sent.length, complete };
    });
  }

  /** Removes rows published longer ago than kept, at most once a minute. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 60_000) return;
    this.lastPrune = Date.now();
    await this.db.query(`DELETE FROM outbox WHERE sent_at < $1`, [
      new Date(Date.now() - this.keepSentMs),
    ]);
  }
}
