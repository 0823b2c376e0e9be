import { afterEach, describe, expect, it } from 'vitest';
import { type PeopleImportStatus, peopleImportReasonOf, type RefusedRow } from '@hub/proto';
import { applyLanguage, i18n } from '../i18n/i18n';
import { importEnded, importPercent, importProgressText, planFigures, refusalText } from './format';

const status = (changes: Partial<PeopleImportStatus>): PeopleImportStatus => ({
  id: 1,
  organizationId: 1,
  fileName: 'people.csv',
  state: 'running',
  updateExisting: false,
  totalRows: 200,
  processedRows: 50,
  created: 48,
  updated: 0,
  unchanged: 0,
  refused: 2,
  invited: 40,
  error: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  finishedAt: null,
  ...changes,
});

describe('people import format', () => {
  it('counts changed members as updated only when asked', () => {
    const counts = { rows: 10, create: 5, existingChanged: 2, existingUnchanged: 1, refused: 2 };
    expect(planFigures(counts, false).map((f) => f.value)).toEqual([5, 0, 3, 2]);
    expect(planFigures(counts, true).map((f) => f.value)).toEqual([5, 2, 1, 2]);
  });

  it('reads progress from the lines applied', () => {
    expect(importPercent(status({}))).toBe(25);
    expect(importPercent(status({ totalRows: 0, processedRows: 0 }))).toBe(0);
    expect(importPercent(status({ state: 'done', processedRows: 199 }))).toBe(100);
    expect(importProgressText(status({}))).toBe('Importing: 50 of 200 rows, 40 invitations sent');
    expect(importProgressText(status({ state: 'failed', error: 'gone' }))).toBe(
      'The import stopped: gone',
    );
    expect(importEnded(status({}))).toBe(false);
    expect(importEnded(status({ state: 'done' }))).toBe(true);
  });

  it("words why an import stopped in the reader's language", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    try {
      const error =
        'Invitations could not be sent to 3 people (connect ECONNREFUSED). Resume the import to send them.';
      expect(importProgressText(status({ state: 'failed', error }))).toBe(
        'La importación se detuvo: No se pudieron enviar las invitaciones (personas afectadas: 3; connect ECONNREFUSED). Reanuda la importación para enviarlas.',
      );
    } finally {
      applyLanguage('en');
      await i18n.changeLanguage('en');
    }
  });
});

/** A refused row as the server answers it: its English reason, and the code and parts in it. */
const refused = (reason: string): RefusedRow => ({
  row: 7,
  email: 'quin@acme.test',
  reason,
  ...peopleImportReasonOf(reason),
});

describe("a refused row's reason", () => {
  afterEach(() => applyLanguage('en'));

  it('reads as the server wrote it in English', () => {
    const reason = 'Unknown job function "Welding".';
    expect(refusalText(refused(reason))).toBe(reason);
  });

  it("is worded in the reader's language, the cell kept and numbers grouped for it", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(refusalText(refused('Unknown job function "Welding".'))).toBe(
      'Puesto desconocido "Welding".',
    );
    expect(refusalText(refused('Duplicate email: already on row 2.'))).toBe(
      'Correo repetido: ya está en la fila 2.',
    );
    expect(refusalText(refused('Job functions is longer than 2,000 characters.'))).toBe(
      'Los puestos tienen más de 2000 caracteres.',
    );
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(refusalText(refused('Duplicate email: already on row 12345.'))).toBe(
      'E-mail en double : déjà présent ligne 12\u202f345.',
    );
    expect(refusalText(refused('This email is already in use.'))).toBe(
      'Cet e-mail est déjà utilisé.',
    );
  });

  it('reads as written when it has no code this build knows', async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    const row: RefusedRow = { row: 3, email: 'a@x.test', reason: 'A reason of another time.' };
    expect(refusalText(row)).toBe('A reason of another time.');
  });
});
