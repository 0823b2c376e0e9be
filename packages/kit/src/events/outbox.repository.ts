import type { DataSource, QueryRunner } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import type { TraceCarrier } from '@hub/runtime';

/** What runs SQL inside the caller's transaction: a TypeORM EntityManager or QueryRunner. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface PendingEvent {
  id: string;
  event: DomainEvent;
  trace: TraceCarrier | null;
}

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

/** Every query of the outbox. */
export class OutboxRepository {
  constructor(private readonly db: DataSource) {}

  async add(
    runner: SqlRunner,
    id: string,
    event: DomainEvent,
    trace: TraceCarrier | undefined,
  ): Promise<void> {
    await runner.query(`INSERT INTO outbox (id, event, trace) VALUES ($1, $2, $3)`, [
      id,
      JSON.stringify(event),
      JSON.stringify(trace ?? null),
    ]);
  }

  /** The oldest pending rows, locked for `tx`; rows another relay holds are skipped. */
  pending(tx: SqlRunner, limit: number): Promise<PendingEvent[]> {
    return tx.query(
      `SELECT id, event, trace FROM outbox WHERE sent_at IS NULL
        ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    ) as Promise<PendingEvent[]>;
  }

  async markSent(tx: SqlRunner, ids: string[]): Promise<void> {
    await tx.query(`UPDATE outbox SET sent_at = now() WHERE id = ANY ($1::uuid[])`, [ids]);
  }

  async removeSentBefore(before: Date): Promise<void> {
    await this.db.query(`DELETE FROM outbox WHERE sent_at < $1`, [before]);
  }
}
