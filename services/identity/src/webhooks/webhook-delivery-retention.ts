import { RecurringSweep, type SweepRun } from '@hub/kit';
import type { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import type { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
/** Deleted a statement at a time: each a short transaction holding a few row locks. */
const BATCH = 1000;

/**
 * Forgets the replaced signing secrets past their day, then deletes finished webhook deliveries
 * (succeeded, or failed for good) whose last attempt is older than the retention, at start and
 * hourly, in batches until none is left. Pending ones
 * stay whatever their age: their job still reads them. Several replicas sweeping at once only
 * share the rows (each batch skips those another holds). sweep() answers the deliveries deleted;
 * stop() lets the sweep under way end after its batch (identity's close waits for it).
 */
export class WebhookDeliveryRetention extends RecurringSweep<number> {
  constructor(
    private readonly deliveries: Pick<WebhookDeliveriesRepository, 'deleteFinished'>,
    private readonly endpoints: Pick<WebhookEndpointsRepository, 'clearExpiredSecrets'>,
    private readonly days: number,
    private readonly batch = BATCH,
  ) {
    super('WebhookDeliveryRetention', { failed: 0 });
  }

  protected async work({ stopping }: SweepRun): Promise<number> {
    await this.clearExpiredSecrets();
    let deleted = 0;
    try {
      let count;
      do {
        count = await this.deliveries.deleteFinished(this.days, this.batch);
        deleted += count;
      } while (count === this.batch && !stopping());
    } catch (error) {
      this.logger.warn(`Webhook delivery retention sweep failed: ${String(error)}`);
    }
    if (deleted > 0) this.logger.log(`Deleted ${deleted} webhook deliveries past retention`);
    return deleted;
  }

  /** Replaced signing secrets past their day: kept no longer than they sign (sealed or not). */
  private async clearExpiredSecrets(): Promise<void> {
    try {
      const cleared = await this.endpoints.clearExpiredSecrets();
      if (cleared > 0)
        this.logger.log(`Forgot the expired previous secrets of ${cleared} webhooks`);
    } catch (error) {
      this.logger.warn(`Webhook previous secrets sweep failed: ${String(error)}`);
    }
  }
}
