import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { ObjectStorage } from '@hub/kit';
import { PresenceRetentionRepository } from './presence-retention.repository.js';

const EVERY_MS = 60 * 60_000;

/**
 * Deletes presence events older than their organization's retention (or the default, 30 days),
 * with the snapshot runs and the pictures kept of them, at start and hourly.
 */
export class PresenceRetention {
  private timer: NodeJS.Timeout | undefined;
  private readonly logger = new Logger('PresenceRetention');
  private readonly retention: PresenceRetentionRepository;

  constructor(
    db: DataSource,
    private readonly defaultDays: number,
    private readonly storage: Pick<ObjectStorage, 'remove'>,
  ) {
    this.retention = new PresenceRetentionRepository(db);
  }

  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    try {
      const count = await this.retention.deleteOld('presence_events', 'seen_at', this.defaultDays);
      if (count > 0) this.logger.log(`Deleted ${count} presence events past retention`);
      // The runs' outcomes (failures with their reasons) go with the presence they produced.
      await this.retention.deleteOldRuns(this.defaultDays, (key) => this.storage.remove(key));
      return count;
    } catch (error) {
      this.logger.warn(`Presence retention sweep failed: ${String(error)}`);
      return 0;
    }
  }
}
