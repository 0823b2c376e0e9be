import { organizationScope } from '@hub/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, ObservationHistoryCsvBatch, ReportKind } from '@hub/proto';
import { historyHeader } from './history-csv.js';
import { type HistoryRange, HistoryRepository } from './history.repository.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * Batches of exports as CSV text (the gateway streams them as they come) and the record that an
 * export was generated.
 */
@Injectable()
export class ExportsService {
  constructor(
    @Inject(HistoryRepository) private readonly history: HistoryRepository,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
  ) {}

  /**
   * The history's batch of ids in range. The first (afterId null) starts with the header and
   * answers where every batch ends, read before its own page so the two agree.
   */
  async observationHistoryCsv(
    actor: Actor,
    range: HistoryRange,
    limit: number,
  ): Promise<ObservationHistoryCsvBatch> {
    const scope = organizationScope(actor);
    if (range.afterId !== null) {
      const page = await this.history.csvPage(scope, range, limit);
      return { text: page.text, rows: page.rows };
    }
    const pageEnds = await this.history.pageEnds(scope, limit);
    const page = await this.history.csvPage(
      scope,
      { afterId: null, upToId: pageEnds[0] ?? null },
      limit,
    );
    return { text: historyHeader() + page.text, rows: page.rows, pageEnds };
  }

  /** Counted as 'reports generated' in the caller's organization. */
  async recordExport(actor: Actor, kind: ReportKind, rows: number) {
    return {
      id: await this.reports.recordExport(actor.organizationId, actor.userId, kind, rows),
    };
  }
}
