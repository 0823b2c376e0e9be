import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { decodeCursor, pageOf } from '@hub/kit';
import type { DeliveredEventType, PageRequest, WebhookDeliveryStatus } from '@hub/proto';

export interface DeliveryRow {
  id: number;
  endpoint_id: number;
  organization_id: number;
  event_id: string;
  message_id: string;
  event_type: DeliveredEventType;
  payload: string;
  status: WebhookDeliveryStatus;
  round: number;
  attempts: number;
  response_status: number | null;
  response_ms: number | null;
  error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  /** When its round started: its first sending, or its last replay. */
  round_started_at: Date;
}

/** A delivery pending for long, as the recovery sweep looks its job up. */
export type LongPendingRow = Pick<DeliveryRow, 'id' | 'organization_id' | 'round'>;

export interface NewDelivery {
  endpointId: number;
  organizationId: number;
  eventId: string;
  messageId: string;
  eventType: DeliveredEventType;
  payload: string;
  /** Why it is recorded failed, never sent (its endpoint disabled); null or absent: to send. */
  failed?: string | null;
}

/** Every query of webhook deliveries: adding them, their attempts, replays, log and retention. */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * One delivery per (endpoint, event): a fact announced twice (the event bus delivers at
   * least once) finds its first row. The rows answered are those still to send the first time;
   * one added `failed` is kept only to be replayed.
   */
  async addDeliveries(deliveries: NewDelivery[]): Promise<DeliveryRow[]> {
    const added: DeliveryRow[] = [];
    for (const delivery of deliveries) {
      const failed = delivery.failed ?? null;
      const rows: DeliveryRow[] = await this.db.query(
        `INSERT INTO webhook_deliveries
           (endpoint_id, organization_id, event_id, message_id, event_type, payload, status, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (endpoint_id, event_id) DO UPDATE SET event_id = EXCLUDED.event_id
         RETURNING *`,
        [
          delivery.endpointId,
          delivery.organizationId,
          delivery.eventId,
          delivery.messageId,
          delivery.eventType,
          delivery.payload,
          failed === null ? 'pending' : 'failed',
          failed,
        ],
      );
      const row = rows[0]!;
      if (row.status === 'pending' && row.attempts === 0 && row.round === 0) added.push(row);
    }
    return added;
  }

  /**
   * A page of an endpoint's delivery log, newest first, the id breaking ties of a timestamp
   * (`webhook_deliveries_log_idx`), of one status when asked, with the count of all it matches.
   */
  async deliveryPage(
    organizationId: number,
    endpointId: number,
    page: PageRequest,
    status?: WebhookDeliveryStatus,
  ): Promise<{ rows: DeliveryRow[]; totalCount: number; nextCursor: string | null }> {
    const params: unknown[] = [organizationId, endpointId];
    const where = ['organization_id = $1', 'endpoint_id = $2'];
    if (status) {
      params.push(status);
      where.push(`status = $${params.length}`);
    }
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM webhook_deliveries WHERE ${where.join(' AND ')}`,
      params,
    )) as [{ total: number }];
    const after = decodeCursor(page.cursor, ['time', 'id']);
    if (after) {
      params.push(after[0], after[1]);
      where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::int)`);
    }
    params.push(page.limit + 1);
    // The creation time as PostgreSQL prints it: a Date would drop its microseconds.
    const rows = (await this.db.query(
      `SELECT *, created_at::text AS cursor_at FROM webhook_deliveries
        WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    )) as (DeliveryRow & { cursor_at: string })[];
    const kept = pageOf(rows, page.limit, (row) => [row.cursor_at, String(row.id)]);
    return { rows: kept.rows, totalCount: total, nextCursor: kept.nextCursor };
  }

  async delivery(organizationId: number, id: number): Promise<DeliveryRow | undefined> {
    const rows: DeliveryRow[] = await this.db.query(
      `SELECT * FROM webhook_deliveries WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    return rows[0];
  }

  /**
   * A replay: pending again, in a new round (a job of its own), with the same message id. Only
   * a finished delivery (succeeded or failed): a pending one has a job queued or sending, and a
   * second would send it at the same time. `'in-flight'` for a pending one, undefined when there
   * is no such delivery.
   */
  async replay(
    organizationId: number,
    endpointId: number,
    id: number,
  ): Promise<DeliveryRow | 'in-flight' | undefined> {
    // One statement: the status read and the round taken under the row's lock, so two replays
    // at once, or a replay and an attempt's outcome, take turns.
    const rows: [DeliveryRow[], number] = await this.db.query(
      `UPDATE webhook_deliveries
          SET status = 'pending', round = round + 1, round_started_at = now()
        WHERE organization_id = $1 AND endpoint_id = $2 AND id = $3 AND status <> 'pending'
        RETURNING *`,
      [organizationId, endpointId, id],
    );
    if (rows[0][0]) return rows[0][0];
    const [found]: { id: number }[] = await this.db.query(
      `SELECT id FROM webhook_deliveries WHERE organization_id = $1 AND endpoint_id = $2 AND id = $3`,
      [organizationId, endpointId, id],
    );
    return found ? 'in-flight' : undefined;
  }

  /** A replay whose job could not be queued: failed again, so it can be replayed once more. */
  async notQueued(id: number, round: number, error: string): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET status = 'failed', error = $3
        WHERE id = $1 AND round = $2 AND status = 'pending'`,
      [id, round, error],
    );
  }

  /**
   * An attempt of the delivery's round `round`. One that outlived its round (the delivery was
   * failed meanwhile and replayed) records nothing: its outcome written over the replay's round
   * would leave that round finished, and the replay's job would never send it.
   */
  async recordAttempt(
    id: number,
    round: number,
    status: WebhookDeliveryStatus,
    outcome: { status: number | null; ms: number | null; error: string | null },
  ): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries
          SET status = $3, attempts = attempts + 1, response_status = $4, response_ms = $5,
              error = $6, last_attempt_at = now()
        WHERE id = $1 AND round = $2`,
      [id, round, status, outcome.status, outcome.ms, outcome.error?.slice(0, 500) ?? null],
    );
  }

  /**
   * Fails the delivery's round `round` (a replay since has a round of its own); true when this
   * call did (it was still pending in that round).
   */
  async markFailed(id: number, round: number, error: string): Promise<boolean> {
    const [, count] = (await this.db.query(
      `UPDATE webhook_deliveries SET status = 'failed', error = $3
        WHERE id = $1 AND round = $2 AND status = 'pending'`,
      [id, round, error],
    )) as [unknown, number];
    return count > 0;
  }

  /**
   * Up to `limit` pending deliveries, by id after `after`, whose round started more than
   * `olderThanMs` ago (`webhook_deliveries_pending_idx`: only those, never the whole table).
   */
  async longPending(olderThanMs: number, after: number, limit: number): Promise<LongPendingRow[]> {
    return this.db.query(
      `SELECT id, organization_id, round FROM webhook_deliveries
        WHERE status = 'pending' AND round_started_at < now() - make_interval(secs => $1)
          AND id > $2
        ORDER BY id LIMIT $3`,
      [olderThanMs / 1000, after, limit],
    );
  }

  /**
   * Deletes up to `limit` finished deliveries (succeeded, or failed for good) whose last
   * attempt is more than `days` ago, oldest first; answers how many. Pending ones stay: their
   * job still reads them. Rows another transaction holds (a replay) are left for the next batch.
   */
  async deleteFinished(days: number, limit: number): Promise<number> {
    const [, count] = (await this.db.query(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries
          WHERE created_at < now() - make_interval(days => $1)
            AND coalesce(last_attempt_at, created_at) < now() - make_interval(days => $1)
            AND status <> 'pending'
          ORDER BY created_at LIMIT $2
          FOR UPDATE SKIP LOCKED)`,
      [days, limit],
    )) as [unknown, number];
    return count;
  }
}
