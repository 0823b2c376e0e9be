import { Readable } from 'node:stream';
import { Controller, Headers, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Actor, api, identityRpc, type SkillsMatrixQuery, skillsRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import { matrixCsv } from './matrix-csv.js';

@Controller()
export class SkillsMatrixController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /**
   * Streams the CSV the observation service makes batch by batch (the organization export's
   * way: keyed batches over the RPC, each asked for by the stream; matrixCsv writes each
   * batch's lines with the empty cells it leaves out). The first batch
   * (read before any byte is sent, so a refusal keeps its status) fixes the columns and the rows
   * (every selected person's id, in order), which the later ones are asked for with, and holds
   * the gaps line, written last.
   */
  @Endpoint(api.skillsMatrixCsv)
  async csv(
    @CurrentActor() actor: Actor,
    @Query() query: Omit<SkillsMatrixQuery, 'page' | 'sopPage'>,
    @Res() reply: FastifyReply,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    // Headers and levels in the reader's language: their choice, else their organization's
    // default, else this browser's.
    const [reader] = await this.rpc.call(identityRpc.languagesOf, {
      userIds: [actor.userId],
      ...(acceptLanguage ? { acceptLanguage: acceptLanguage.slice(0, 512) } : {}),
    });
    const language = reader?.language ?? 'en';
    const first = await this.rpc.call(skillsRpc.skillsMatrixCsv, { actor, query, language });
    const documentIds = first.documentIds ?? [];
    const batch = async (userIds: number[]) =>
      (
        await this.rpc.call(skillsRpc.skillsMatrixCsv, {
          actor,
          query,
          language,
          rows: { userIds, documentIds },
        })
      ).lines;
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="skills-matrix-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(
        // One batch (a few MiB of text) buffered at most, not the stream's default of 16.
        Readable.from(matrixCsv(first, batch), { highWaterMark: 1 }),
      );
  }
}
