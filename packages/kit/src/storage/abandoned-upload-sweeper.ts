import { Logger } from '@nestjs/common';
import { BackupHold, type ObjectStorage } from '@hub/runtime';

const HOUR_MS = 60 * 60 * 1000;

/** Runs a sweep now and every `everyMs`, a failure logged; the timer holds no process open. */
function sweepEvery(everyMs: number, sweep: () => Promise<unknown>, logger: Logger) {
  const run = () => void sweep().catch((error: unknown) => logger.warn(String(error)));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return timer;
}

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
    this.timer = sweepEvery(everyMs, () => this.sweep(), this.logger);
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

/**
 * Drops the files a backup killed (or whose release failed) kept aside for itself
 * (BackupHold.dropAbandoned): files people deleted, which must be gone within the hour after
 * that backup's lease expired, whether or not another backup ever starts. Beside the upload
 * sweeper, hourly and once at start, on any kind of store; replicas sweeping at once only remove
 * the same files twice.
 */
export class BackupHoldSweeper {
  private readonly logger = new Logger('BackupHold');
  private readonly hold: BackupHold;
  private timer?: NodeJS.Timeout;

  constructor(storage: ObjectStorage) {
    this.hold = new BackupHold(storage);
  }

  start(everyMs = HOUR_MS): void {
    this.timer = sweepEvery(everyMs, () => this.sweep(), this.logger);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Answers how many files were dropped (as of `now`, which tests move forward). */
  async sweep(now = Date.now()): Promise<number> {
    let files = 0;
    for (const dropped of await this.hold.dropAbandoned(now)) {
      this.logger.log(
        `dropped ${dropped.files} files removed while backup ${dropped.leaseId} ran, which it left behind`,
      );
      files += dropped.files;
    }
    return files;
  }
}
