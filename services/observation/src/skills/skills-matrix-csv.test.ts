import { describe, expect, it } from 'vitest';
import type { Member } from '../team/members.js';
import type { SkillsMatrixCsvLine } from '@hub/proto';
import {
  emptyCell,
  gapsLine,
  headerLine,
  matrixCsvLines,
  matrixTexts,
} from './skills-matrix-csv.js';
import type { CertificationRow, LatestRow } from './skills-matrix.repository.js';

const now = new Date('2026-12-01T12:00:00Z');
const english = matrixTexts('en');
const day = (offset: number) => new Date(now.getTime() + offset * 24 * 3600 * 1000);

const person = (id: number, name: string, role: Member['role'] = 'operator') =>
  ({ id, name, email: `p${id}@x.test`, role, isActive: true }) as Member;

const latest = (
  operatorId: number,
  documentId: number,
  fields: Partial<LatestRow> = {},
): LatestRow => ({
  operator_id: operatorId,
  document_id: documentId,
  status: 'completed',
  passed: true,
  score: '92.00',
  started_at: new Date('2026-11-02T09:00:00Z'),
  completed_at: new Date('2026-11-02T09:12:00Z'),
  ...fields,
});

const held = (
  userId: number,
  subjectId: number,
  fields: Partial<CertificationRow> = {},
): CertificationRow => ({
  user_id: userId,
  subject_id: subjectId,
  expires_at: day(200),
  revoked_at: null,
  reobservation_version: null,
  ...fields,
});

/** The text the gateway writes for these lines: the empty cell wherever none was sent. */
function csvText(lines: SkillsMatrixCsvLine[], columns: number): string {
  return lines
    .map(({ person, cells }) => {
      const all = new Array<string>(columns).fill(emptyCell(english, now));
      for (const cell of cells) all[cell.column] = cell.text;
      return `${[person, ...all].join(',')}\r\n`;
    })
    .join('');
}

describe('skills matrix CSV lines', () => {
  it('writes each cell as level, score and date, and every cell without records as not trained', () => {
    const text = csvText(
      matrixCsvLines(
        [person(1, 'Otto Operator'), person(2, 'Olga Operator')],
        [10, 20, 30],
        {
          latest: [
            latest(1, 10),
            latest(1, 20, {
              status: 'in_progress',
              passed: null,
              score: null,
              completed_at: null,
              started_at: new Date('2026-11-30T08:00:00Z'),
            }),
            latest(2, 30, { passed: false, score: '61.5' }),
            // A column the export does not have: ignored.
            latest(2, 99),
          ],
          certifications: [held(1, 10), held(2, 20, { expires_at: day(10) })],
          functions: [
            { user_id: 1, name: 'Fryer' },
            { user_id: 1, name: 'Line cook' },
          ],
          gaps: new Map([[1, 1]]),
        },
        now,
        english,
      ),
      3,
    );
    expect(text).toBe(
      'Otto Operator,p1@x.test,operator,Operators,Fryer; Line cook,1,' +
        'Certified 92% 2026-11-02,In training 2026-11-30,Not trained\r\n' +
        'Olga Operator,p2@x.test,operator,Operators,,0,Not trained,Expiring,In training 61.5% 2026-11-02\r\n',
    );
  });

  it('tells lapsed, revoked and re-observation cells apart', () => {
    const text = csvText(
      matrixCsvLines(
        [person(1, 'Otto')],
        [1, 2, 3],
        {
          latest: [latest(1, 1), latest(1, 2)],
          certifications: [
            held(1, 1, { expires_at: day(-1) }),
            held(1, 2, { revoked_at: day(-3) }),
            held(1, 3, { reobservation_version: 2 }),
          ],
          functions: [],
          gaps: new Map(),
        },
        now,
        english,
      ),
      3,
    );
    expect(text).toBe(
      'Otto,p1@x.test,operator,Operators,,0,Expired 92% 2026-11-02,In training 92% 2026-11-02,Needs re-observation\r\n',
    );
  });

  it('keeps names a spreadsheet would run or split safe, and lines without columns whole', () => {
    const text = csvText(
      matrixCsvLines(
        [person(1, '=SUM(A1), "boss"', 'manager')],
        [],
        { latest: [], certifications: [], functions: [], gaps: new Map() },
        now,
        english,
      ),
      0,
    );
    expect(text).toBe(`"'=SUM(A1), ""boss""",p1@x.test,manager,Managers,,0\r\n`);
    expect(headerLine(english, ['SOP, "A"', '-x'])).toBe(
      `Name,Email,Role,Department,Job functions,Gaps,"SOP, ""A""",'-x\r\n`,
    );
    expect(gapsLine(english, 3, [1, 2])).toBe('Gaps per SOP,,,,,3,1,2\r\n');
  });
});

/**
 * The header was in the reader's language but the role and department cells stayed English
 * ("training_supervisor", "Training Supervisors") under "Rol" and "Departamento".
 */
describe("skills matrix CSV in the reader's language", () => {
  const none = { latest: [], certifications: [], functions: [], gaps: new Map<number, number>() };
  const line = (language: 'es' | 'fr', role: Member['role']) =>
    matrixCsvLines([person(1, 'Tess', role)], [], none, now, matrixTexts(language))[0]!.person;

  it('words the role and department in Spanish and French', () => {
    expect(line('es', 'training_supervisor')).toBe(
      'Tess,p1@x.test,supervisor de formación,Supervisores de formación,,0',
    );
    expect(line('fr', 'operator')).toBe('Tess,p1@x.test,opérateur,Opérateurs,,0');
    expect(line('es', 'admin')).toBe('Tess,p1@x.test,administrador,Administración,,0');
  });

  /** The cells wrote '61.5%' under Spanish and French headers, where the page shows '61,5 %'. */
  it('writes the score in the number format of the page', () => {
    const cell = (language: 'en' | 'es' | 'fr') =>
      matrixCsvLines(
        [person(1, 'Tess')],
        [10],
        { ...none, latest: [latest(1, 10, { passed: false, score: '61.5' })] },
        now,
        matrixTexts(language),
      )[0]!.cells[0]!.text;
    expect(cell('es')).toBe('"En formación 61,5\u00a0% 2026-11-02"');
    expect(cell('fr')).toBe('"En formation 61,5\u00a0% 2026-11-02"');
    expect(cell('en')).toBe('In training 61.5% 2026-11-02');
  });

  it('keeps the English values API clients have always read', () => {
    const english = (role: Member['role']) =>
      matrixCsvLines([person(1, 'Tess', role)], [], none, now, matrixTexts('en'))[0]!.person;
    expect(english('training_supervisor')).toBe(
      'Tess,p1@x.test,training_supervisor,Training Supervisors,,0',
    );
    expect(english('super_admin')).toBe('Tess,p1@x.test,super_admin,Administration,,0');
  });
});

/**
 * An observation at 18:00 on 2 November in Los Angeles read as 2026-11-03 in the CSV, its UTC
 * day, where the matrix page shows 2 November to the same reader.
 */
describe("skills matrix CSV on the reader's calendar", () => {
  const none = { latest: [], certifications: [], functions: [], gaps: new Map<number, number>() };
  const evening = latest(1, 10, {
    started_at: new Date('2026-11-03T01:50:00Z'),
    completed_at: new Date('2026-11-03T02:00:00Z'),
  });
  const cell = (timeZone: string) =>
    matrixCsvLines(
      [person(1, 'Tess')],
      [10],
      { ...none, latest: [evening] },
      now,
      matrixTexts('en', timeZone),
    )[0]!.cells[0]!.text;

  it('dates an observation on the day it was where the reader is', () => {
    expect(cell('America/Los_Angeles')).toBe('In training 92% 2026-11-02');
    expect(cell('Europe/Madrid')).toBe('In training 92% 2026-11-03');
  });
});
