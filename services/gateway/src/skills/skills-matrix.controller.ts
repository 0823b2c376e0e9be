import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Controller, Headers, Inject, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Actor, api, insightsRpc, type SkillsMatrixQuery, skillsRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { DownloadCredentials } from '../auth/download-credentials.js';
import { readerLanguage } from '../http/reader-language.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { recorded, withByteOrderMark } from '../insights/insights.controller.js';
import { matrixCsv } from './matrix-csv.js';

@Controller()
export class SkillsMatrixController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(DownloadCredentials) private readonly credentials: DownloadCredentials,
  ) {}

  /**
   * Writes the CSV from the lines the observation service writes to a chunk stream named here,
   * read as the download takes it (kit's chunk-stream.ts: the service waits while the reader is
   * behind, so neither process holds more than a few batches; matrixCsv adds the empty cells). The call is answered once the service has
   * checked it, before any byte is sent, so a refusal keeps its status. It stops once the
   * caller's session or token no longer holds (DownloadCredentials).
   */
  @Endpoint(api.skillsMatrixCsv)
  async csv(
    @CurrentActor() actor: Actor,
    @Query() query: Omit<SkillsMatrixQuery, 'page' | 'sopPage'>,
    @Req() request: GuardedRequest,
    @Res() reply: FastifyReply,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    // Headers and levels in the reader's language.
    const language = await readerLanguage(this.rpc, actor, acceptLanguage);
    const stream = randomUUID();
    await this.rpc.call(skillsRpc.skillsMatrixCsv, { actor, query, language, stream });
    // Counted with Insights' reports generated, as the observation history is.
    const record = (rows: number) =>
      this.rpc.call(insightsRpc.recordExport, { actor, kind: 'skills_matrix', rows });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="skills-matrix-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(
        // One chunk (under 1 MiB of text) buffered here at most, not the stream's default of 16.
        Readable.from(
          this.credentials.whileAdmitted(
            request,
            api.skillsMatrixCsv,
            recorded(withByteOrderMark(matrixCsv(this.rpc.chunks(stream))), record),
          ),
          { highWaterMark: 1 },
        ),
      );
  }
}
