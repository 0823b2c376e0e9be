import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Controller, Headers, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Actor, api, insightsRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { DownloadCredentials } from '../auth/download-credentials.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import { readerLanguage } from '../http/reader-language.js';
import type { GuardedRequest } from '../http/request-context.js';

@Controller()
export class InsightsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(DownloadCredentials) private readonly credentials: DownloadCredentials,
  ) {}

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
   * Sends on the CSV the observation service writes to a chunk stream named here, read as the
   * download takes it (kit's chunk-stream.ts: the service waits while the reader is behind).
   * The call is answered before any byte is sent, so a refusal still answers with its status.
   * A finished export is counted as a report, with the row count the stream ends with. It stops
   * once the caller's session or token no longer holds (DownloadCredentials).
   */
  @Endpoint(api.observationHistoryCsv)
  async observationHistory(
    @CurrentActor() actor: Actor,
    @Req() request: GuardedRequest,
    @Res() reply: FastifyReply,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const language = await readerLanguage(this.rpc, actor, acceptLanguage);
    const stream = randomUUID();
    await this.rpc.call(insightsRpc.observationHistoryCsv, { actor, stream, language });
    const record = (rows: number) =>
      this.rpc.call(insightsRpc.recordExport, { actor, kind: 'observation_history', rows });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="observation-history-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(
        // One chunk buffered here at most, not the stream's default of 16.
        Readable.from(
          this.credentials.whileAdmitted(
            request,
            api.observationHistoryCsv,
            recorded(withByteOrderMark(this.rpc.chunks(stream)), record),
          ),
          { highWaterMark: 1 },
        ),
      );
  }
}

/**
 * The chunks, then the export recorded (a report generated) with the row count they ended
 * with: only a file sent whole counts.
 */
export async function* recorded(
  chunks: AsyncGenerator<Buffer, string | number>,
  record: (rows: number) => Promise<unknown>,
): AsyncGenerator<Buffer> {
  const rows = yield* chunks;
  await record(Number(rows));
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The chunks with the UTF-8 byte order mark before the first: Excel, which most readers open a
 * CSV with, reads one without it in the system's code page (accents garbled). In the first
 * part, not a part of its own. Parsers of UTF-8 CSV skip it.
 */
export async function* withByteOrderMark<R>(
  chunks: AsyncGenerator<Buffer, R>,
): AsyncGenerator<Buffer, R> {
  const first = await chunks.next();
  if (first.done) {
    yield UTF8_BOM;
    return first.value;
  }
  yield Buffer.concat([UTF8_BOM, first.value]);
  return yield* chunks;
}
