import { Readable } from 'node:stream';
import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  api,
  insightsRpc,
  OBSERVATION_HISTORY_CSV_BATCH_ROWS,
  type ObservationHistoryCsvBatch,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

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

  /**
   * Streams the CSV text the observation service makes batch by batch (keyset batches over the
   * RPC, as the organization export). The first batch is read before any byte is sent, so a
   * refusal still answers with its status. A finished export is counted as a report.
   */
  @Endpoint(api.observationHistoryCsv)
  async observationHistory(@CurrentActor() actor: Actor, @Res() reply: FastifyReply) {
    const batch = (afterId: number | null) =>
      this.rpc.call(insightsRpc.observationHistoryCsv, {
        actor,
        afterId,
        limit: OBSERVATION_HISTORY_CSV_BATCH_ROWS,
      });
    const first = await batch(null);
    const record = (rows: number) =>
      this.rpc.call(insightsRpc.recordExport, { actor, kind: 'observation_history', rows });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="observation-history-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(
        // One batch (a few MiB of text) buffered at most, not the stream's default of 16.
        Readable.from(historyText(first, batch, record), { highWaterMark: 1 }),
      );
  }
}

/**
 * The batches' text in order, each next one asked for as soon as the one before has come (it
 * says where to read on) and while that one is written, never two ahead; then the export is
 * recorded with its row count.
 */
export async function* historyText(
  first: ObservationHistoryCsvBatch,
  batch: (afterId: number) => Promise<ObservationHistoryCsvBatch>,
  record: (rows: number) => Promise<unknown>,
): AsyncGenerator<string> {
  let current = first;
  let rows = 0;
  for (;;) {
    const next = current.nextAfterId === null ? null : batch(current.nextAfterId);
    // Awaited when its turn comes; a failure meanwhile must not count as unhandled.
    next?.catch(() => undefined);
    rows += current.rows;
    yield current.text;
    if (!next) break;
    current = await next;
  }
  await record(rows);
}
