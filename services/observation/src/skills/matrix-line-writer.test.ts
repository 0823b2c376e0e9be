import { describe, expect, it } from 'vitest';
import type { SkillsMatrixCsvLine } from '@hub/proto';
import { MatrixLineWriter } from './matrix-line-writer.js';

const line = (person: string): SkillsMatrixCsvLine => ({ person, cells: [] });

describe('the skills matrix CSV lines', () => {
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
