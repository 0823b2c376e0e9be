import { BackupHold, type ObjectStorage } from '@hub/runtime';
import { RecurringSweep, type SweepRun } from '../sweeps/recurring-sweep.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Aborts multipart uploads left behind (a gateway killed mid-upload, an abort that failed)
 * once they are older than `olderThanHours`: their parts cost storage and show in no listing.
 * A timer in the process that streams uploads (the gateway), hourly and once at start; each
 * replica runs its own, which is harmless: aborting is idempotent and no live upload lasts
 * hours. Local-disk storage has no multipart uploads; the sweeper then does nothing. sweep()
 * answers how many uploads were aborted (as of the `now` it is given, which tests move forward).
 */
export class AbandonedUploadSweeper extends RecurringSweep<number> {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly olderThanHours: number,
  ) {
    super('AbandonedUploads', { failed: 0 });
  }

  /** Sweeps hourly (unless a test gives another interval), on a store with multipart uploads. */
  override start(everyMs?: number): void {
    if (this.storage.abortUploadsStartedBefore) super.start(everyMs);
  }

  protected async work({ now }: SweepRun): Promise<number> {
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
 * the same files twice. sweep() answers how many files were dropped (as of the `now` it is given,
 * which tests move forward).
 */
export class BackupHoldSweeper extends RecurringSweep<number> {
  private readonly hold: BackupHold;

  constructor(storage: ObjectStorage) {
    super('BackupHold', { failed: 0 });
    this.hold = new BackupHold(storage);
  }

  protected async work({ now }: SweepRun): Promise<number> {
    let files = 0;
    for (const dropped of await this.hold.dropAbandoned(now.getTime())) {
      this.logger.log(
        `dropped ${dropped.files} files removed while backup ${dropped.leaseId} ran, which it left behind`,
      );
      files += dropped.files;
    }
    return files;
  }
}
