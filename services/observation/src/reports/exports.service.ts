import {
  type Actor,
  type Language,
  OBSERVATION_HISTORY_CSV_BATCH_ROWS,
  organizationScope,
  type ReportKind,
} from '@hub/proto';
import { Inject, Injectable } from '@nestjs/common';
import { type ChunkWriter, messages } from '@hub/kit';
import { historyHeader, historyWords } from './history-csv.js';
import { HistoryRepository } from './history.repository.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * Exports as CSV text, written to the chunk stream the gateway sends on, and the record that an
 * export was generated.
 */
@Injectable()
export class ExportsService {
  constructor(
    @Inject(HistoryRepository) private readonly history: HistoryRepository,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
  ) {}

  /**
   * Writes the history CSV in the reader's language: the header, then keyset pages of OBSERVATION_HISTORY_CSV_BATCH_ROWS
   * lines (each page's text written by Postgres, one chunk), the next page read while this one
   * waits for the reader; answers the row count, the stream's trailer.
   */
  async writeObservationHistoryCsv(
    actor: Actor,
    writer: ChunkWriter,
    language: Language,
  ): Promise<string> {
    const scope = organizationScope(actor);
    const limit = OBSERVATION_HISTORY_CSV_BATCH_ROWS;
    const texts = messages(language).observationHistory;
    const words = historyWords(texts, language);
    const read = (afterId: number | null) => {
      const page = this.history.csvPage(scope, afterId, limit, words);
      page.catch(() => undefined);
      return page;
    };
    const first = read(null);
    await writer.write(historyHeader(texts));
    let page = await first;
    let rows = 0;
    for (;;) {
      const next = page.rows < limit ? null : read(page.lastId);
      rows += page.rows;
      if (page.text) await writer.write(page.text);
      if (!next) return String(rows);
      page = await next;
    }
  }

  /** Counted as 'reports generated' in the caller's organization. */
  async recordExport(actor: Actor, kind: ReportKind, rows: number) {
    return {
      id: await this.reports.recordExport(actor.organizationId, actor.userId, kind, rows),
    };
  }
}
