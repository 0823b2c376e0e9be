import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

const EVERY_MS = 60 * 60_000;

/** Deletes presence events older than the retention (default 30 days), at start and hourly. */
export class PresenceRetention {
  private timer: NodeJS.Timeout | undefined;
  private readonly logger = new Logger('PresenceRetention');

  constructor(
    private readonly db: DataSource,
    private readonly retentionDays: number,
  ) {}

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
      const [, count] = (await this.db.query(
        `DELETE FROM presence_events WHERE seen_at < now() - make_interval(days => $1)`,
        [this.retentionDays],
      )) as [unknown, number];
      if (count > 0) this.logger.log(`Deleted ${count} presence events past retention`);
      // The runs' outcomes (failures with their reasons) go with the presence they produced.
      await this.db.query(
        `DELETE FROM snapshot_runs WHERE taken_at < now() - make_interval(days => $1)`,
        [this.retentionDays],
      );
      return count;
    } catch (error) {
      this.logger.warn(`Presence retention sweep failed: ${String(error)}`);
      return 0;
    }
  }
}
