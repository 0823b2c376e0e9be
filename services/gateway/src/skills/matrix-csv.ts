import type { SkillsMatrixCsvBatch, SkillsMatrixCsvLine } from '@hub/proto';
import { SKILLS_MATRIX_CSV_MAX_BATCH_ROWS, skillsMatrixCsvBatchRows } from '@hub/proto';

const CRLF = Buffer.from('\r\n');

/**
 * Writes lines of the skills-matrix CSV as bytes: each person's columns and the cells the
 * observation service sent, and the empty cell in every other column, copied from one
 * prepared row of them (most of a large matrix), so no string of the whole batch is built.
 */
export class MatrixLineWriter {
  /** `,<empty cell>` once per column, then the line end. */
  private readonly emptyRow: Buffer;
  private readonly cellBytes: number;

  constructor(
    emptyCell: string,
    private readonly columns: number,
  ) {
    const cell = Buffer.from(`,${emptyCell}`);
    this.cellBytes = cell.length;
    this.emptyRow = Buffer.concat([Buffer.alloc(cell.length * columns, cell), CRLF]);
  }

  /** The lines, CRLF after each; a cell out of order or out of the columns is dropped. */
  write(lines: SkillsMatrixCsvLine[]): Buffer {
    const pieces: Buffer[] = [];
    for (const line of lines) {
      pieces.push(Buffer.from(line.person));
      let next = 0;
      for (const cell of line.cells) {
        if (cell.column < next || cell.column >= this.columns) continue;
        pieces.push(this.emptyRow.subarray(next * this.cellBytes, cell.column * this.cellBytes));
        pieces.push(Buffer.from(`,${cell.text}`));
        next = cell.column + 1;
      }
      pieces.push(this.emptyRow.subarray(next * this.cellBytes));
    }
    return Buffer.concat(pieces);
  }
}

/**
 * Later batches asked for at once. A batch's time is mostly the observation service's queries
 * waiting on the database, so a few in flight keep it (and both cores) busy while the gateway
 * writes; each holds only its cells with records, so a few cost little memory.
 */
export const MATRIX_BATCHES_AHEAD = 3;

/**
 * The header and the first batch's lines, then the later batches' (the rest of rowIds,
 * SKILLS_MATRIX_CSV_MAX_BATCH_ROWS at a time, up to MATRIX_BATCHES_AHEAD asked for ahead of
 * the one being written, written in order), then the gaps line; each batch written
 * skillsMatrixCsvBatchRows lines at a time.
 */
export async function* matrixCsv(
  first: SkillsMatrixCsvBatch,
  batch: (userIds: number[]) => Promise<SkillsMatrixCsvLine[]>,
): AsyncGenerator<Buffer> {
  const rowIds = first.rowIds ?? [];
  const columns = first.documentIds?.length ?? 0;
  const writer = new MatrixLineWriter(first.emptyCell ?? '', columns);
  const size = SKILLS_MATRIX_CSV_MAX_BATCH_ROWS;
  const written = skillsMatrixCsvBatchRows(columns);
  let start = size;
  const coming: Promise<SkillsMatrixCsvLine[]>[] = [];
  const askAhead = () => {
    while (coming.length < MATRIX_BATCHES_AHEAD && start < rowIds.length) {
      const next = batch(rowIds.slice(start, start + size));
      start += size;
      // Awaited when its turn comes; a failure meanwhile must not count as unhandled.
      next.catch(() => undefined);
      coming.push(next);
    }
  };
  askAhead();
  yield Buffer.from(first.header ?? '');
  let lines = first.lines;
  for (;;) {
    for (let at = 0; at < lines.length; at += written)
      yield writer.write(lines.slice(at, at + written));
    const next = coming.shift();
    if (!next) break;
    lines = await next;
    askAhead();
  }
  yield Buffer.from(first.gapsLine ?? '');
}
