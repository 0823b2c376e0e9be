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
 * The header and the first batch's lines, then the later batches' (the rest of rowIds,
 * SKILLS_MATRIX_CSV_MAX_BATCH_ROWS at a time), then the gaps line; each batch written
 * skillsMatrixCsvBatchRows lines at a time. The next batch is asked for while the one before
 * is written, never two ahead: the gateway holds the ids, the batch being written (and its
 * lines being written) and the one coming.
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
  const ask = () => {
    if (start >= rowIds.length) return null;
    const next = batch(rowIds.slice(start, start + size));
    start += size;
    // Awaited when its turn comes; a failure meanwhile must not count as unhandled.
    next.catch(() => undefined);
    return next;
  };
  let next = ask();
  yield Buffer.from(first.header ?? '');
  let lines = first.lines;
  for (;;) {
    for (let at = 0; at < lines.length; at += written)
      yield writer.write(lines.slice(at, at + written));
    if (!next) break;
    lines = await next;
    next = ask();
  }
  yield Buffer.from(first.gapsLine ?? '');
}
