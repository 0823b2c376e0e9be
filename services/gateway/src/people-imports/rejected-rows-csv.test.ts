import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  PEOPLE_IMPORT_REASON_CODES,
  PEOPLE_IMPORT_REASONS,
  peopleImportReasonOf,
  type RefusedRow,
} from '@hub/proto';
import { messages } from '@hub/kit';
import { rejectedLines, reportReason } from './rejected-rows-csv.js';

const refused = (row: number, reason: string): RefusedRow => ({
  row,
  email: `p${row}@acme.test`,
  reason,
  ...peopleImportReasonOf(reason),
});

async function report(rows: RefusedRow[], language: (typeof LANGUAGES)[number]) {
  const lines: string[] = [];
  for await (const line of rejectedLines(async () => rows, language)) lines.push(line);
  return lines.join('');
}

describe('the rejected-rows report', () => {
  it('has every reason in every language, with the parts of the English', () => {
    const parts = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const language of LANGUAGES)
      for (const code of PEOPLE_IMPORT_REASON_CODES)
        expect(parts(messages(language).peopleImport.reasons[code]), `${language} ${code}`).toEqual(
          parts(PEOPLE_IMPORT_REASONS[code]),
        );
  });

  it('starts with the UTF-8 byte order mark, so Excel reads its accents as written', async () => {
    const spanish = await report([refused(5, 'Duplicate email: already on row 2.')], 'es');
    expect(Buffer.from(spanish).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(spanish.slice(1)).toBe(
      'Fila,Correo,Motivo\r\n5,p5@acme.test,Correo repetido: ya está en la fila 2.\r\n',
    );
  });

  it('reads in English as the server wrote it', async () => {
    const rows = [refused(5, 'Duplicate email: already on row 2.'), refused(6, 'Old words.')];
    expect(await report(rows, 'en')).toBe(
      '\uFEFFRow,Email,Reason\r\n5,p5@acme.test,Duplicate email: already on row 2.\r\n6,p6@acme.test,Old words.\r\n',
    );
  });

  it("is written in the reader's language, cells kept and numbers grouped for it", async () => {
    const rows = [
      refused(7, 'Unknown job function "Welding".'),
      refused(12_346, 'Duplicate email: already on row 12345.'),
    ];
    expect(await report(rows, 'es')).toBe(
      '\uFEFFFila,Correo,Motivo\r\n7,p7@acme.test,"Puesto desconocido ""Welding""."\r\n' +
        '12346,p12346@acme.test,Correo repetido: ya está en la fila 12.345.\r\n',
    );
    expect(reportReason(refused(8, 'Job functions is longer than 2,000 characters.'), 'fr')).toBe(
      'Les postes dépassent 2\u202f000 caractères.',
    );
    expect(reportReason(refused(9, 'Old words.'), 'fr')).toBe('Old words.');
  });
});
