import { describe, expect, it } from 'vitest';
import { type SkillsMatrixCsvLine, skillsMatrixCsvBatchRows } from '@hub/proto';
import { MatrixLineWriter, matrixCsv } from './matrix-csv.js';

const line = (person: string): SkillsMatrixCsvLine => ({ person, cells: [] });

describe('the skills matrix CSV stream', () => {
  it('asks for the later batches in order, at most one ahead of what is written, the gaps line last', async () => {
    const size = skillsMatrixCsvBatchRows(2);
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
      'header\r\nfirst,-,-\r\n',
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
    const size = skillsMatrixCsvBatchRows(0);
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
