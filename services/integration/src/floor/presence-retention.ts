import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

const EVERY_MS = 60 * 60_000;

/**
 * Deletes presence events older than their organization's retention (or the default, 30 days),
 * at start and hourly.
 */
export class PresenceRetention {
  private timer: NodeJS.Timeout | undefined;
  private readonly logger = new Logger('PresenceRetention');

  constructor(
    private readonly db: DataSource,
    private readonly defaultDays: number,
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
      const count = await this.deleteOld('presence_events', 'seen_at');
      if (count > 0) this.logger.log(`Deleted ${count} presence events past retention`);
      // The runs' outcomes (failures with their reasons) go with the presence they produced.
      await this.deleteOld('snapshot_runs', 'taken_at');
      return count;
    } catch (error) {
      this.logger.warn(`Presence retention sweep failed: ${String(error)}`);
      return 0;
    }
  }

  /**
   * Rows older than their organization's retention. The shortest retention of all bounds the
   * scan first, so the time index finds the candidates without reading every row.
   */
  private async deleteOld(table: 'presence_events' | 'snapshot_runs', at: 'seen_at' | 'taken_at') {
    const retention = (alias: string) =>
      `make_interval(days => coalesce((SELECT presence_retention_days FROM floor_privacy
         WHERE organization_id = ${alias}.organization_id), $1))`;
    const [, count] = (await this.db.query(
      `DELETE FROM ${table} t
        WHERE t.${at} < now() - make_interval(days => (SELECT least($1, min(presence_retention_days)) FROM floor_privacy))
          AND t.${at} < now() - ${retention('t')}`,
      [this.defaultDays],
    )) as [unknown, number];
    return count;
  }
}
