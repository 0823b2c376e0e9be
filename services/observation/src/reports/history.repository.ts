import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { historyLineSql } from './history-csv.js';
import type { ReportScope } from './report-scope.js';

/** One page of the history CSV: its lines and how many. */
export interface HistoryCsvPage {
  text: string;
  rows: number;
}

/** Observation ids after afterId up to upToId (null: no bound). */
export interface HistoryRange {
  afterId: number | null;
  upToId: number | null;
}

/**
 * Observation history in id order, one page of an id range at a time, so an export of any size
 * reads a bounded number of rows per call (no OFFSET, no whole result in memory), and the
 * pages, known in advance, can be read at once.
 */
@Injectable()
export class HistoryRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The last id of every `limit` observations in id order, and the last one. */
  async pageEnds(scope: ReportScope, limit: number): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total
                         FROM observations WHERE $1::int IS NULL OR organization_id = $1) o
        WHERE n % $2 = 0 OR n = total ORDER BY id`,
      [scope, limit],
    )) as { id: number }[];
    return rows.map((row) => Number(row.id));
  }

  /** The page's CSV lines, written and joined by Postgres (history-csv.ts). */
  async csvPage(scope: ReportScope, range: HistoryRange, limit: number): Promise<HistoryCsvPage> {
    const [page] = (await this.db.query(
      `SELECT coalesce(string_agg(line, '' ORDER BY id), '') AS text, count(*)::int AS rows
         FROM (SELECT o.id, ${historyLineSql} AS line
                 FROM observations o
                 CROSS JOIN LATERAL (SELECT count(*)::int AS answered, count(*) FILTER (WHERE correct)::int AS correct
                                       FROM observation_responses WHERE observation_id = o.id) r
                 CROSS JOIN LATERAL (SELECT count(*)::int AS findings, count(*) FILTER (WHERE status = 'open')::int AS open_findings
                                       FROM findings WHERE observation_id = o.id) f
                WHERE ($1::int IS NULL OR o.organization_id = $1) AND ($2::int IS NULL OR o.id > $2)
                  AND ($3::int IS NULL OR o.id <= $3)
                ORDER BY o.id LIMIT $4) page`,
      [scope, range.afterId, range.upToId, limit],
    )) as { text: string; rows: number }[];
    return { text: page!.text, rows: page!.rows };
  }
}
