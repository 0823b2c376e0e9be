import { Readable } from 'node:stream';
import { Controller, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  csvLine,
  type CsvValue,
  api,
  insightsRpc,
  type ObservationHistoryPage,
  type ObservationHistoryRow,
  type ObservationInsightsQuery,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

/** Rows per RPC page: bounds what the gateway holds at once, whatever the history's size. */
export const EXPORT_PAGE_ROWS = 1000;

const HISTORY_COLUMNS: [string, (row: ObservationHistoryRow) => CsvValue][] = [
  ['Observation', (row) => row.id],
  ['Started', (row) => row.startedAt],
  ['Completed', (row) => row.completedAt],
  ['Status', (row) => row.status],
  ['SOP', (row) => row.sop],
  ['Document', (row) => row.documentId],
  ['Operator', (row) => row.operator],
  ['Observer', (row) => row.observer],
  ['Questions', (row) => row.questions],
  ['Answered', (row) => row.answered],
  ['Correct', (row) => row.correct],
  ['Score %', (row) => row.score],
  ['Passed', (row) => row.passed],
  ['Pass mark %', (row) => row.passMark],
  ['Duration (s)', (row) => row.durationSeconds],
  ['Findings', (row) => row.findings],
  ['Open findings', (row) => row.openFindings],
];

@Controller()
export class InsightsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /**
   * Observation and training figures from the observation service, people from identity, the
   * Observation Center's cameras from integration.
   */
  @Endpoint(api.insightsStats)
  async insights(@CurrentActor() actor: Actor) {
    const [observation, people, { cameras }] = await Promise.all([
      this.rpc.call(insightsRpc.observationInsights, { actor }),
      this.rpc.call(insightsRpc.activeUsers, { actor }),
      this.rpc.call(insightsRpc.cameraCount, { actor }),
    ]);
    return {
      ...observation,
      ...people,
      observationCenter: { ...observation.observationCenter, cameras },
    };
  }

  @Endpoint(api.insightsObservations)
  observations(@CurrentActor() actor: Actor, @Query() query: ObservationInsightsQuery) {
    return this.rpc.relay(insightsRpc.observationPage, { actor, query });
  }

  @Endpoint(api.insightsCertifications)
  certifications(@CurrentActor() actor: Actor) {
    return this.rpc.relay(insightsRpc.certificationPage, { actor });
  }

  @Endpoint(api.insightsProgress)
  progress(@CurrentActor() actor: Actor) {
    return this.rpc.relay(insightsRpc.progressPage, { actor });
  }

  /**
   * Streams the history page by page with backpressure: the next page is asked for only when
   * the client has taken the previous one. The first page is read before any byte is sent, so
   * a refusal still answers with its status. A finished export is counted as a report.
   */
  @Endpoint(api.observationHistoryCsv)
  async observationHistory(@CurrentActor() actor: Actor, @Res() reply: FastifyReply) {
    const page = (afterId: number | null) =>
      this.rpc.call(insightsRpc.observationHistory, { actor, afterId, limit: EXPORT_PAGE_ROWS });
    const first = await page(null);
    const record = (rows: number) =>
      this.rpc.call(insightsRpc.recordExport, { actor, kind: 'observation_history', rows });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="observation-history-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(historyLines(first, page, record)));
  }
}

async function* historyLines(
  first: ObservationHistoryPage,
  next: (afterId: number) => Promise<ObservationHistoryPage>,
  record: (rows: number) => Promise<unknown>,
): AsyncGenerator<string> {
  yield csvLine(HISTORY_COLUMNS.map(([title]) => title));
  let current = first;
  let rows = 0;
  for (;;) {
    for (const row of current.rows) yield csvLine(HISTORY_COLUMNS.map(([, cell]) => cell(row)));
    rows += current.rows.length;
    if (current.nextAfterId === null) break;
    current = await next(current.nextAfterId);
  }
  await record(rows);
}
