import { describe, expect, it } from 'vitest';
import { type SkillsMatrixCsvLine, skillsMatrixCsvBatchRows } from '@hub/proto';
import { MatrixLineWriter, matrixCsv } from './matrix-csv.js';

const line = (person: string): SkillsMatrixCsvLine => ({ person, cells: [] });

async function* stream(chunks: unknown[], trailer: string): AsyncGenerator<Buffer, string> {
  for (const chunk of chunks) yield Buffer.from(JSON.stringify(chunk));
  return trailer;
}

const text = async (chunks: AsyncGenerator<Buffer>) => {
  const written: string[] = [];
  for await (const bytes of chunks) written.push(bytes.toString());
  return written;
};

describe('the skills matrix CSV lines', () => {
  it('writes the header, each batch with its empty cells, then the gaps line', async () => {
    const start = { header: 'Name,A,B\r\n', emptyCell: '-', columns: 2 };
    const batches = [[line('Ana')], [{ person: 'Bo', cells: [{ column: 1, text: 'x' }] }]];
    expect(await text(matrixCsv(stream([start, ...batches], 'Gaps,1,2\r\n')))).toEqual([
      'Name,A,B\r\n',
      'Ana,-,-\r\n',
      'Bo,-,x\r\n',
      'Gaps,1,2\r\n',
    ]);
  });

  it("writes a batch of many SOPs a line at a time: never the whole batch's text", async () => {
    expect(skillsMatrixCsvBatchRows(100_000)).toBe(1);
    const start = { header: '', emptyCell: '-', columns: 100_000 };
    const written = await text(matrixCsv(stream([start, ['a', 'b', 'c'].map(line)], '')));
    expect(written.filter((chunk) => chunk.length).map((chunk) => chunk.slice(0, 3))).toEqual([
      'a,-',
      'b,-',
      'c,-',
    ]);
  });

  it('refuses a stream without its start', async () => {
    await expect(text(matrixCsv(stream([], '')))).rejects.toThrow('before its start');
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
