import { Readable } from 'node:stream';
import { Controller, Headers, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  csvLine,
  type CsvValue,
  api,
  identityRpc,
  type Language,
  type SkillCell,
  SKILLS_MATRIX_PAGE_ROWS,
  SKILLS_MATRIX_PAGE_SOPS,
  type SkillsMatrix,
  type SkillsMatrixQuery,
  skillsRpc,
} from '@hub/proto';
import { messages, RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

/**
 * People per RPC batch of the export: with every SOP a column, what both services hold at once
 * is this many rows' cells (100 x 500 SOPs = 50,000), whatever the organization's size.
 */
export const MATRIX_EXPORT_PAGE_ROWS = 100;

/** 'Certified 92% 2026-11-02': the level (in the reader's language), then the latest observation's score and date. */
export function cellText(cell: SkillCell | undefined, language: Language = 'en'): string {
  if (!cell) return '';
  const score = cell.score === null ? [] : [`${cell.score}%`];
  const date = cell.date === null ? [] : [cell.date.slice(0, 10)];
  return [messages(language).skillsMatrix.levels[cell.level], ...score, ...date].join(' ');
}

@Controller()
export class SkillsMatrixController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.skillsMatrix)
  page(@CurrentActor() actor: Actor, @Query() query: SkillsMatrixQuery) {
    return this.rpc.relay(skillsRpc.skillsMatrix, {
      actor,
      query,
      pageSize: SKILLS_MATRIX_PAGE_ROWS,
      sopPageSize: SKILLS_MATRIX_PAGE_SOPS,
      withTotals: true,
    });
  }

  /**
   * Streams the matrix batch by batch with backpressure (the next batch is asked for once the
   * previous one is written), each row written as it is produced. The first batch (read before
   * any byte is sent, so a refusal keeps its status) fixes the columns and the rows (every
   * selected person's id, in order), which the later ones are asked for: no SOP discovery
   * again, and identity is asked for each batch's people only, not for the whole organization
   * per batch. It carries the per-SOP gaps too, the last line.
   */
  @Endpoint(api.skillsMatrixCsv)
  async csv(
    @CurrentActor() actor: Actor,
    @Query() filter: Omit<SkillsMatrixQuery, 'page' | 'sopPage'>,
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
    const query = { ...filter, page: 1, sopPage: 1 };
    const first = await this.rpc.call(skillsRpc.skillsMatrix, {
      actor,
      query,
      pageSize: MATRIX_EXPORT_PAGE_ROWS,
      withTotals: true,
      withRowIds: true,
    });
    const documentIds = first.sops.map((sop) => sop.documentId);
    const batch = (userIds: number[]) =>
      this.rpc.call(skillsRpc.skillsMatrix, {
        actor,
        query,
        pageSize: MATRIX_EXPORT_PAGE_ROWS,
        withTotals: false,
        documentIds,
        userIds,
      });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="skills-matrix-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(matrixLines(first, first.rowIds ?? [], batch, language)));
  }
}

const PERSON_COLUMNS = ['name', 'email', 'role', 'department', 'jobFunctions', 'gaps'] as const;

/**
 * The first batch's rows, then the later batches' (the rest of rowIds, MATRIX_EXPORT_PAGE_ROWS at
 * a time): the ids are all the export keeps of the rows it has not written yet.
 */
export async function* matrixLines(
  first: SkillsMatrix,
  rowIds: number[],
  batch: (userIds: number[]) => Promise<SkillsMatrix>,
  language: Language = 'en',
): AsyncGenerator<string> {
  const sops = first.sops;
  const m = messages(language).skillsMatrix;
  yield csvLine([
    ...PERSON_COLUMNS.map((column) => m.columns[column]),
    ...sops.map((sop) => sop.title),
  ]);
  let current = first;
  let written = first.rows.length;
  for (;;) {
    for (const row of current.rows) {
      // Cells by SOP: a later page may have seen a new SOP appear; the header's columns rule.
      const cells = new Map(row.cells.map((cell) => [cell.documentId, cell]));
      const values: CsvValue[] = [
        row.name,
        row.email,
        row.role,
        row.department,
        row.jobFunctions.join('; '),
        row.gaps,
        ...sops.map((sop) => cellText(cells.get(sop.documentId), language)),
      ];
      yield csvLine(values);
    }
    if (written >= rowIds.length) break;
    current = await batch(rowIds.slice(written, written + MATRIX_EXPORT_PAGE_ROWS));
    written += MATRIX_EXPORT_PAGE_ROWS;
  }
  yield csvLine([m.gapsPerSop, '', '', '', '', first.totalGaps, ...sops.map((sop) => sop.gaps)]);
}
