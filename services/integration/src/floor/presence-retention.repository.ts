import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

type RetainedTable = 'presence_events' | 'snapshot_runs' | 'sensor_readings';
type RetainedAt = 'seen_at' | 'taken_at' | 'recorded_at';

/**
 * Rows older than their organization's retention. The shortest retention of all bounds the scan
 * first, so the time index finds the candidates without reading every row.
 */
function pastRetention(table: RetainedTable, at: RetainedAt): string {
  return `DELETE FROM ${table} t
    WHERE t.${at} < now() - make_interval(days => (SELECT least($1, min(presence_retention_days)) FROM floor_privacy))
      AND t.${at} < now() - make_interval(days => coalesce((SELECT presence_retention_days
        FROM floor_privacy WHERE organization_id = t.organization_id), $1))`;
}

/** Rows kept only for their organization's presence retention. */
@Injectable()
export class PresenceRetentionRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async deleteOld(table: RetainedTable, at: RetainedAt, defaultDays: number): Promise<number> {
    const [, count] = (await this.db.query(pastRetention(table, at), [defaultDays])) as [
      unknown,
      number,
    ];
    return count;
  }

  /**
   * Snapshot runs past retention, each kept picture removed before its run's row commits: the
   * run is the only record of the picture's key, so a store that refuses keeps the rows.
   */
  deleteOldRuns(defaultDays: number, removePicture: (key: string) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      const [rows] = (await tx.query(
        `${pastRetention('snapshot_runs', 'taken_at')} RETURNING t.snapshot_key`,
        [defaultDays],
      )) as [{ snapshot_key: string | null }[], number];
      for (const { snapshot_key: key } of rows) if (key !== null) await removePicture(key);
    });
  }
}
