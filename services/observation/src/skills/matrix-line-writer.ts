import type { SkillsMatrixCsvLine } from '@hub/proto';

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
