import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Rows kept only for their organization's presence retention. */
@Injectable()
export class PresenceRetentionRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Rows older than their organization's retention. The shortest retention of all bounds the
   * scan first, so the time index finds the candidates without reading every row.
   */
  async deleteOld(
    table: 'presence_events' | 'snapshot_runs',
    at: 'seen_at' | 'taken_at',
    defaultDays: number,
  ): Promise<number> {
    const retention = (alias: string) =>
      `make_interval(days => coalesce((SELECT presence_retention_days FROM floor_privacy
         WHERE organization_id = ${alias}.organization_id), $1))`;
    const [, count] = (await this.db.query(
      `DELETE FROM ${table} t
        WHERE t.${at} < now() - make_interval(days => (SELECT least($1, min(presence_retention_days)) FROM floor_privacy))
          AND t.${at} < now() - ${retention('t')}`,
      [defaultDays],
    )) as [unknown, number];
    return count;
  }
}
