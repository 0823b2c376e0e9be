import { organizationScope } from '@hub/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, ObservationHistoryCsvBatch, ReportKind } from '@hub/proto';
import { historyHeader } from './history-csv.js';
import { HistoryRepository } from './history.repository.js';
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

  /** The history's batch after afterId; the first (afterId null) starts with the header. */
  async observationHistoryCsv(
    actor: Actor,
    afterId: number | null,
    limit: number,
  ): Promise<ObservationHistoryCsvBatch> {
    const page = await this.history.csvPage(organizationScope(actor), afterId, limit);
    return {
      text: (afterId === null ? historyHeader() : '') + page.text,
      rows: page.rows,
      nextAfterId: page.rows < limit ? null : page.lastId,
    };
  }

  /** Counted as 'reports generated' in the caller's organization. */
  async recordExport(actor: Actor, kind: ReportKind, rows: number) {
    return {
      id: await this.reports.recordExport(actor.organizationId, actor.userId, kind, rows),
    };
  }
}
