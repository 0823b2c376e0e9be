import { Readable } from 'node:stream';
import { Controller, Headers, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  api,
  identityRpc,
  type SkillsMatrixCsvBatch,
  skillsMatrixCsvBatchRows,
  type SkillsMatrixQuery,
  skillsRpc,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class SkillsMatrixController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /**
   * Streams the CSV text the observation service makes batch by batch (the organization
   * export's way: keyed batches over the RPC, each asked for by the stream). The first batch
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
      ).text;
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="skills-matrix-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(
        // One batch (a few MiB of text) buffered at most, not the stream's default of 16.
        Readable.from(matrixText(first, batch), { highWaterMark: 1 }),
      );
  }
}

/**
 * The first batch's text, then the later batches' (the rest of rowIds, skillsMatrixCsvBatchRows
 * at a time), then the gaps line. The next batch is asked for while the one before is written,
 * never two ahead: the gateway holds the ids, the batch being written and the one coming.
 */
export async function* matrixText(
  first: SkillsMatrixCsvBatch,
  batch: (userIds: number[]) => Promise<string>,
): AsyncGenerator<string> {
  const rowIds = first.rowIds ?? [];
  const size = skillsMatrixCsvBatchRows(first.documentIds?.length ?? 0);
  let start = size;
  const ask = () => {
    if (start >= rowIds.length) return null;
    const next = batch(rowIds.slice(start, start + size));
    start += size;
    // Awaited when its turn comes; a failure meanwhile must not count as unhandled.
    next.catch(() => undefined);
    return next;
  };
  let next = ask();
  yield first.text;
  while (next) {
    const text = await next;
    next = ask();
    yield text;
  }
  yield first.gapsLine ?? '';
}
