import { Logger } from '@nestjs/common';
import type { WebhooksRepository } from './webhooks.repository.js';

const EVERY_MS = 60 * 60_000;
/** Deleted a statement at a time: each a short transaction holding a few row locks. */
const BATCH = 1000;

/**
 * Deletes finished webhook deliveries (succeeded, or failed for good) whose last attempt is
 * older than the retention, at start and hourly, in batches until none is left. Pending ones
 * stay whatever their age: their job still reads them. Several replicas sweeping at once only
 * share the rows (each batch skips those another holds).
 */
export class WebhookDeliveryRetention {
  private readonly logger = new Logger('WebhookDeliveryRetention');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly webhooks: Pick<WebhooksRepository, 'deleteFinished'>,
    private readonly days: number,
    private readonly batch = BATCH,
  ) {}

  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  /** Stops sweeping; a sweep on its way ends after its batch (identity's close waits for it). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Answers the deliveries deleted; a failure is logged, never thrown (a timer calls it). */
  sweep(): Promise<number> {
    // One sweep at a time: a slow one is not joined by the next hour's.
    this.running ??= this.deleteAll().finally(() => (this.running = null));
    return this.running;
  }

  private async deleteAll(): Promise<number> {
    let deleted = 0;
    try {
      let count;
      do {
        count = await this.webhooks.deleteFinished(this.days, this.batch);
        deleted += count;
      } while (count === this.batch && !this.stopped);
    } catch (error) {
      this.logger.warn(`Webhook delivery retention sweep failed: ${String(error)}`);
    }
    if (deleted > 0) this.logger.log(`Deleted ${deleted} webhook deliveries past retention`);
    return deleted;
  }
}
