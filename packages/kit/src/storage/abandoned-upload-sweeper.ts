import { Logger } from '@nestjs/common';
import type { ObjectStorage } from '@hub/runtime';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Aborts multipart uploads left behind (a gateway killed mid-upload, an abort that failed)
 * once they are older than `olderThanHours`: their parts cost storage and show in no listing.
 * A timer in the process that streams uploads (the gateway), hourly and once at start; each
 * replica runs its own, which is harmless: aborting is idempotent and no live upload lasts
 * hours. Local-disk storage has no multipart uploads; the sweeper then does nothing.
 */
export class AbandonedUploadSweeper {
  private readonly logger = new Logger('AbandonedUploads');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly olderThanHours: number,
  ) {}

  start(everyMs = HOUR_MS): void {
    if (!this.storage.abortUploadsStartedBefore) return;
    const run = () => void this.sweep().catch((error: unknown) => this.logger.warn(String(error)));
    run();
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Answers how many uploads were aborted (as of `now`, which tests move forward). */
  async sweep(now = new Date()): Promise<number> {
    if (!this.storage.abortUploadsStartedBefore) return 0;
    const cutoff = new Date(now.getTime() - this.olderThanHours * HOUR_MS);
    const aborted = await this.storage.abortUploadsStartedBefore(cutoff);
    if (aborted > 0)
      this.logger.log(
        `aborted ${aborted} multipart uploads started before ${cutoff.toISOString()}`,
      );
    return aborted;
  }
}
