import type { Queue } from 'bullmq';
import { QUEUE_CONTRACTS, type WebhookDeliveryJob } from '@hub/proto';
import { RecurringSweep, type SweepRun } from '@hub/kit';
import type { IdentityConfig } from '../config.js';
import type {
  LongPendingRow,
  WebhookDeliveriesRepository,
} from './webhook-deliveries.repository.js';

const BATCH = 1000;
/** Past the schedule, for attempts that waited for a free worker or were taken again. */
const MARGIN_MS = 60 * 60_000;

/** Why a pending delivery whose job is no longer in the queue is failed. */
export const JOB_LOST =
  'Stopped: its attempts were lost from the delivery queue. Replay it to send it.';

/** The queue's states of a job that will not send its delivery (any other may still). */
const ENDED = new Set(['unknown', 'completed', 'failed']);

/** Where the sweep reads a delivery's job state: the webhook delivery queue. */
export type DeliveryJobs = Pick<Queue<WebhookDeliveryJob>, 'getJobState'>;

const contract = QUEUE_CONTRACTS.webhookDelivery;

/**
 * How long after its round started a pending delivery has had every attempt its job can make:
 * the delays between them (doubling from the first retry's, as the service queues them), each
 * attempt's timeout, and a margin.
 */
export function recoveryAgeMs(
  config: Pick<IdentityConfig, 'WEBHOOK_RETRY_BASE_MS' | 'WEBHOOK_TIMEOUT_MS'>,
): number {
  const attempts = contract.options?.attempts ?? 1;
  const delays = config.WEBHOOK_RETRY_BASE_MS * (2 ** (attempts - 1) - 1);
  return delays + attempts * config.WEBHOOK_TIMEOUT_MS + MARGIN_MS;
}

function jobIdOf(row: LongPendingRow): string {
  const data = { deliveryId: row.id, organizationId: row.organization_id, round: row.round };
  const id = contract.jobId?.(data);
  // Without the job's id every job would look gone: nothing is failed rather than everything.
  if (!id) throw new Error('the webhook delivery queue names no job ids');
  return id;
}

/**
 * Fails the deliveries still pending past every attempt their job could make, whose job is no
 * longer in the queue (Redis emptied, the job removed) or ended without saying so, at start
 * and hourly: left pending, they were refused every replay and kept whatever their age. A job
 * still waiting, delayed, prioritized or active keeps its delivery pending, however old (a
 * long queue, or an attempt in flight). Idempotent: each failure is of the round looked at and
 * only while it is pending, so a replay since, another replica's sweep or the job's own outcome
 * wins. sweep() answers the deliveries failed; stop() lets the sweep under way end after its
 * batch (identity's close waits for it).
 */
export class WebhookDeliveryRecovery extends RecurringSweep<number> {
  constructor(
    private readonly deliveries: Pick<WebhookDeliveriesRepository, 'longPending' | 'markFailed'>,
    private readonly jobs: DeliveryJobs,
    private readonly olderThanMs: number,
    private readonly batch = BATCH,
  ) {
    super('WebhookDeliveryRecovery', { failed: 0 });
  }

  protected async work({ stopping }: SweepRun): Promise<number> {
    let failed = 0;
    try {
      let after = 0;
      let rows;
      do {
        rows = await this.deliveries.longPending(this.olderThanMs, after, this.batch);
        for (const row of rows) if (await this.failIfAbandoned(row)) failed += 1;
        after = rows.at(-1)?.id ?? after;
      } while (rows.length === this.batch && !stopping());
    } catch (error) {
      // Redis or the database away: nothing more is failed until the next sweep.
      this.logger.warn(`Webhook delivery recovery sweep failed: ${String(error)}`);
    }
    if (failed > 0) this.logger.warn(`Failed ${failed} webhook deliveries whose job was gone`);
    return failed;
  }

  private async failIfAbandoned(row: LongPendingRow): Promise<boolean> {
    const state = await this.jobs.getJobState(jobIdOf(row));
    if (!ENDED.has(state)) return false;
    return this.deliveries.markFailed(row.id, row.round, JOB_LOST);
  }
}
