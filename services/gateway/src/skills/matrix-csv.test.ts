import { describe, expect, it } from 'vitest';
import {
  SKILLS_MATRIX_CSV_MAX_BATCH_ROWS,
  type SkillsMatrixCsvLine,
  skillsMatrixCsvBatchRows,
} from '@hub/proto';
import { MatrixLineWriter, matrixCsv } from './matrix-csv.js';

const line = (person: string): SkillsMatrixCsvLine => ({ person, cells: [] });

describe('the skills matrix CSV stream', () => {
  it('asks for the later batches in order, at most one ahead of what is written, the gaps line last', async () => {
    const size = SKILLS_MATRIX_CSV_MAX_BATCH_ROWS;
    const rowIds = Array.from({ length: size * 3 + 7 }, (_, index) => index + 1);
    const asked: number[][] = [];
    const first = {
      header: 'header\r\n',
      lines: [line('first')],
      emptyCell: '-',
      rowIds,
      documentIds: [7, 8],
      gapsLine: 'gaps\r\n',
    };
    const lines = matrixCsv(first, async (userIds) => {
      asked.push(userIds);
      return [line(`batch ${asked.length}`)];
    });
    const written: string[] = [];
    for await (const bytes of lines) {
      written.push(bytes.toString());
      // Never more than the batch after the one just written.
      expect(asked.length).toBeLessThanOrEqual(written.length);
    }
    expect(written).toEqual([
      'header\r\n',
      'first,-,-\r\n',
      'batch 1,-,-\r\n',
      'batch 2,-,-\r\n',
      'batch 3,-,-\r\n',
      'gaps\r\n',
    ]);
    expect(asked.map((ids) => [ids[0], ids.length])).toEqual([
      [size + 1, size],
      [size * 2 + 1, size],
      [size * 3 + 1, 7],
    ]);
  });

  it('ends with the failure of a batch asked for ahead, once its turn comes', async () => {
    const size = SKILLS_MATRIX_CSV_MAX_BATCH_ROWS;
    const first = {
      header: 'header\r\n',
      lines: [],
      rowIds: Array.from({ length: size + 1 }, (_, index) => index),
      documentIds: [],
      gapsLine: 'gaps\r\n',
    };
    const lines = matrixCsv(first, () => Promise.reject(new Error('observation went away')));
    expect((await lines.next()).value?.toString()).toBe('header\r\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(lines.next()).rejects.toThrow('observation went away');
  });

  it("writes a batch of many SOPs a few lines at a time: never the whole batch's text", async () => {
    const columns = 100_000;
    expect(skillsMatrixCsvBatchRows(columns)).toBe(2);
    const first = {
      header: '',
      lines: ['a', 'b', 'c', 'd', 'e'].map(line),
      emptyCell: '-',
      rowIds: [1, 2, 3, 4, 5],
      documentIds: Array.from({ length: columns }, (_, index) => index),
      gapsLine: '',
    };
    const written: string[] = [];
    for await (const bytes of matrixCsv(first, () => Promise.reject(new Error('no more'))))
      if (bytes.length) written.push(bytes.toString('latin1', 0, 3));
    expect(written).toEqual(['a,-', 'c,-', 'e,-']);
  });

  it('writes the empty cell in every column a line does not send, in any language', () => {
    const writer = new MatrixLineWriter('No formado', 4);
    const text = writer
      .write([
        { person: 'Ana,a@x.test', cells: [{ column: 1, text: 'Certificado 92% 2026-11-02' }] },
        {
          person: '"Zoë, B",z@x.test',
          cells: [
            { column: 0, text: 'En formación' },
            { column: 3, text: '"x, y"' },
          ],
        },
        line('Nadie,n@x.test'),
      ])
      .toString();
    expect(text).toBe(
      'Ana,a@x.test,No formado,Certificado 92% 2026-11-02,No formado,No formado\r\n' +
        '"Zoë, B",z@x.test,En formación,No formado,No formado,"x, y"\r\n' +
        'Nadie,n@x.test,No formado,No formado,No formado,No formado\r\n',
    );
    expect(new MatrixLineWriter('-', 0).write([line('Solo')]).toString()).toBe('Solo\r\n');
  });
});
