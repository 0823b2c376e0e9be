import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { historyLineSql, historyWordsSql } from './history-csv.js';
import type { ReportScope } from './report-scope.js';

/** One page of the history CSV: its lines, how many, and the last observation's id. */
export interface HistoryCsvPage {
  text: string;
  rows: number;
  lastId: number | null;
}

/**
 * Observation history in id order, one keyset page at a time, so an export of any size reads
 * a bounded number of rows per call (no OFFSET, no whole result in memory).
 */
@Injectable()
export class HistoryRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The page's CSV lines, written and joined by Postgres (history-csv.ts) with `words`. */
  async csvPage(
    scope: ReportScope,
    afterId: number | null,
    limit: number,
    words: string[],
  ): Promise<HistoryCsvPage> {
    const [page] = (await this.db.query(
      `SELECT coalesce(string_agg(line, '' ORDER BY id), '') AS text, count(*)::int AS rows,
              max(id) AS last_id
         FROM (SELECT o.id, ${historyLineSql} AS line
                 FROM observations o
                 CROSS JOIN ${historyWordsSql(4)}
                 CROSS JOIN LATERAL (SELECT count(*)::int AS answered, count(*) FILTER (WHERE correct)::int AS correct
                                       FROM observation_responses WHERE observation_id = o.id) r
                 CROSS JOIN LATERAL (SELECT count(*)::int AS findings, count(*) FILTER (WHERE status = 'open')::int AS open_findings
                                       FROM findings WHERE observation_id = o.id) f
                WHERE ($1::int IS NULL OR o.organization_id = $1) AND ($2::int IS NULL OR o.id > $2)
                ORDER BY o.id LIMIT $3) page`,
      [scope, afterId, limit, ...words],
    )) as { text: string; rows: number; last_id: number | null }[];
    return { text: page!.text, rows: page!.rows, lastId: page!.last_id };
  }
}
