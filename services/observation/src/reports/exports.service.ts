import { organizationScope } from '@hub/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, ObservationHistoryPage, ReportKind } from '@hub/proto';
import { HistoryRepository } from './history.repository.js';
import { ReportsRepository } from './reports.repository.js';

/** Pages of exports (the gateway streams them) and the record that an export was generated. */
@Injectable()
export class ExportsService {
  constructor(
    @Inject(HistoryRepository) private readonly history: HistoryRepository,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
  ) {}

  async observationHistory(
    actor: Actor,
    afterId: number | null,
    limit: number,
  ): Promise<ObservationHistoryPage> {
    const rows = await this.history.page(organizationScope(actor), afterId, limit);
    return { rows, nextAfterId: rows.length < limit ? null : rows[rows.length - 1]!.id };
  }

  /** Counted as 'reports generated' in the caller's organization. */
  async recordExport(actor: Actor, kind: ReportKind, rows: number) {
    return {
      id: await this.reports.recordExport(actor.organizationId, actor.userId, kind, rows),
    };
  }
}
