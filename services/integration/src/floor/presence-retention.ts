import type { DataSource } from 'typeorm';
import { type ObjectStorage, RecurringSweep } from '@hub/kit';
import { FAILURE_REASONS } from '@hub/proto';
import { SnapshotRunsRepository } from '../snapshots/snapshot-runs.repository.js';
import { PresenceRetentionRepository } from './presence-retention.repository.js';

/** Why a snapshot run still pending past the bound was failed (kept on the run). */
export const staleSnapshotReason = (hours: number) =>
  FAILURE_REASONS.snapshot_stale.replace('{hours}', String(hours));

/**
 * Deletes presence events older than their organization's retention (or the default, 30 days),
 * with the snapshot runs and the pictures kept of them, at start and hourly. Each sweep also fails
 * the snapshot runs still pending `staleHours` after their picture (a failure that could not be
 * written leaves one pending for ever), their pictures removed as a failing run's are, and forgets
 * the deleted members no snapshot left to answer can name any more; sensor readings go at the same
 * retention. sweep() answers the presence events deleted.
 */
export class PresenceRetention extends RecurringSweep<number> {
  private readonly retention: PresenceRetentionRepository;
  private readonly runs: SnapshotRunsRepository;

  constructor(
    db: DataSource,
    private readonly defaultDays: number,
    private readonly storage: Pick<ObjectStorage, 'remove'>,
    private readonly staleHours = 6,
  ) {
    super('PresenceRetention', { failed: 0 });
    this.retention = new PresenceRetentionRepository(db);
    this.runs = new SnapshotRunsRepository(db);
  }

  protected async work(): Promise<number> {
    // Independent: a retention that fails still lets stale runs be failed, and the reverse.
    await this.failStaleRuns().catch((error: unknown) =>
      this.logger.warn(`Stale snapshot runs sweep failed: ${String(error)}`),
    );
    await this.forgetDeletedMembers().catch((error: unknown) =>
      this.logger.warn(`Deleted members sweep failed: ${String(error)}`),
    );
    try {
      const count = await this.retention.deleteOld('presence_events', 'seen_at', this.defaultDays);
      if (count > 0) this.logger.log(`Deleted ${count} presence events past retention`);
      // Sensors post every few seconds and nothing else ever deletes their readings (the floor
      // shows only the latest): kept as long as the organization's presence, then gone
      // (before the runs: a picture store that refuses keeps those, not these).
      await this.retention.deleteOld('sensor_readings', 'recorded_at', this.defaultDays);
      // The runs' outcomes (failures with their reasons) go with the presence they produced.
      await this.retention.deleteOldRuns(this.defaultDays, (key) => this.storage.remove(key));
      return count;
    } catch (error) {
      this.logger.warn(`Presence retention sweep failed: ${String(error)}`);
      return 0;
    }
  }

  private async forgetDeletedMembers(): Promise<void> {
    const forgotten = await this.runs.forgetDeletedMembers(this.staleHours);
    if (forgotten > 0) this.logger.log(`Forgot ${forgotten} deleted members past the bound`);
  }

  /** Fails the runs pending past the bound; answers how many (throws what went wrong). */
  async failStaleRuns(): Promise<number> {
    const failed = await this.runs.failStale(
      this.staleHours,
      staleSnapshotReason(this.staleHours),
      (key) => this.storage.remove(key),
    );
    if (failed > 0) this.logger.warn(`Failed ${failed} snapshot runs pending past the bound`);
    return failed;
  }
}
