import {
  type SkillsMatrixCsvLine,
  SkillsMatrixCsvStart,
  skillsMatrixCsvBatchRows,
} from '@hub/proto';

const CRLF = Buffer.from('\r\n');

/**
 * Writes lines of the skills-matrix CSV as bytes: each person's columns and the cells with
 * records, and the empty cell in every other column, copied from one prepared row of them
 * (most of a large matrix), so no string of the whole chunk is built.
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
 * The CSV from the observation service's chunk stream (SkillsMatrixCsvStart): the header, each
 * batch's lines with their empty cells, skillsMatrixCsvBatchRows lines at a time, then the gaps
 * line, the stream's trailer. One batch is held at a time; the next is read from Redis only
 * once this one is written, so a slow download slows the observation service down. Answers how
 * many people's lines it wrote.
 */
export async function* matrixCsv(
  chunks: AsyncGenerator<Buffer, string>,
): AsyncGenerator<Buffer, number> {
  let people = 0;
  let step = await chunks.next();
  if (step.done) throw new Error('The skills matrix CSV stream ended before its start.');
  const start = SkillsMatrixCsvStart.parse(JSON.parse(step.value.toString()));
  yield Buffer.from(start.header);
  const writer = new MatrixLineWriter(start.emptyCell, start.columns);
  const written = skillsMatrixCsvBatchRows(start.columns);
  for (step = await chunks.next(); !step.done; step = await chunks.next()) {
    // The observation service wrote it from the contract's types: parsed, not checked again.
    const lines = JSON.parse(step.value.toString()) as SkillsMatrixCsvLine[];
    people += lines.length;
    for (let at = 0; at < lines.length; at += written)
      yield writer.write(lines.slice(at, at + written));
  }
  yield Buffer.from(step.value);
  return people;
}
