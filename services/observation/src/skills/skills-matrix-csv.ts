import {
  csvCell,
  csvLine,
  type Language,
  type SkillLevel,
  type SkillsMatrixCsvLine,
} from '@hub/proto';
import { messages, percent, type ServerCatalog } from '@hub/kit';
import { type Member, roleOf } from '../team/members.js';
import { skillLevel } from './skill-level.js';
import type { CertificationRow, LatestRow } from './skills-matrix.repository.js';

/**
 * The matrix's words in the reader's language (the server catalog's skillsMatrix), and its
 * scores in their number format.
 */
export type MatrixTexts = ServerCatalog['skillsMatrix'] & { score: (value: number) => string };

/** The matrix as `language`'s reader reads it: a score as the page shows it, '61.5%', '61,5 %'. */
export const matrixTexts = (language: Language): MatrixTexts => ({
  ...messages(language).skillsMatrix,
  score: (value) => percent(value, language),
});

const PERSON_COLUMNS = ['name', 'email', 'role', 'department', 'jobFunctions', 'gaps'] as const;

/**
 * 'Certified 92% 2026-11-02' ('Certifié 92 % 2026-11-02'): the level, then the latest
 * observation's score in the reader's number format, as the page shows it, and date.
 */
export function cellText(
  texts: MatrixTexts,
  level: SkillLevel,
  score: number | null,
  date: string | null,
): string {
  const scoreText = score === null ? [] : [texts.score(score)];
  const day = date === null ? [] : [date.slice(0, 10)];
  return [texts.levels[level], ...scoreText, ...day].join(' ');
}

export function headerLine(texts: MatrixTexts, titles: string[]): string {
  return csvLine([...PERSON_COLUMNS.map((column) => texts.columns[column]), ...titles]);
}

export function gapsLine(texts: MatrixTexts, totalGaps: number, columnGaps: number[]): string {
  return csvLine([texts.gapsPerSop, '', '', '', '', totalGaps, ...columnGaps]);
}

export interface CsvRecords {
  latest: LatestRow[];
  certifications: CertificationRow[];
  /** Each person's job functions, in the order they are listed. */
  functions: { user_id: number; name: string }[];
  /** Required SOPs without a certification in force, per person (absent: none). */
  gaps: Map<number, number>;
}

interface CellRecords {
  latest?: LatestRow;
  certification?: CertificationRow;
}

/** The CSV cell of an SOP without an observation or a certification: "Not trained". */
export const emptyCell = (texts: MatrixTexts, now: Date): string =>
  csvCell(cellText(texts, skillLevel(null, null, now), null, null));

/**
 * The people's lines: their columns, and the cells that have records (the gateway writes
 * emptyCell in the others, the same text csvLine would write for each value). Most cells of a
 * large matrix have neither an observation nor a certification: only the cells with records are
 * worked out and sent, so a batch costs its records, not a level and a cell per SOP.
 */
export function matrixCsvLines(
  people: Member[],
  documentIds: number[],
  records: CsvRecords,
  now: Date,
  texts: MatrixTexts,
): SkillsMatrixCsvLine[] {
  const byPerson = cellsByPerson(documentIds, records);
  const functions = new Map<number, string[]>();
  for (const row of records.functions) {
    const names = functions.get(row.user_id);
    if (names) names.push(row.name);
    else functions.set(row.user_id, [row.name]);
  }
  return people.map((person) => {
    const cells = [...(byPerson.get(person.id) ?? [])]
      .sort(([a], [b]) => a - b)
      .map(([column, { latest, certification }]) => {
        const level = skillLevel(
          latest ?? null,
          certification
            ? {
                expiresAt: certification.expires_at,
                revokedAt: certification.revoked_at,
                needsReobservation: certification.reobservation_version !== null,
              }
            : null,
          now,
        );
        const score = latest?.score == null ? null : Number(latest.score);
        const date = latest ? (latest.completed_at ?? latest.started_at).toISOString() : null;
        return { column, text: csvCell(cellText(texts, level, score, date)) };
      });
    // Worded in the reader's language, as the header is (English keeps the role's code).
    const { role } = roleOf(person);
    const personCells = csvLine([
      person.name,
      person.email,
      texts.roles[role],
      texts.departments[role],
      (functions.get(person.id) ?? []).join('; '),
      records.gaps.get(person.id) ?? 0,
    ]).slice(0, -2);
    return { person: personCells, cells };
  });
}

/** Each person's records by column index; records of other SOPs are left out. */
function cellsByPerson(documentIds: number[], records: CsvRecords) {
  const column = new Map(documentIds.map((documentId, index) => [documentId, index]));
  const byPerson = new Map<number, Map<number, CellRecords>>();
  const cellOf = (userId: number, documentId: number): CellRecords | null => {
    const index = column.get(documentId);
    if (index === undefined) return null;
    let cells = byPerson.get(userId);
    if (!cells) byPerson.set(userId, (cells = new Map()));
    let cell = cells.get(index);
    if (!cell) cells.set(index, (cell = {}));
    return cell;
  };
  for (const row of records.latest) {
    const cell = cellOf(row.operator_id, row.document_id);
    if (cell) cell.latest = row;
  }
  for (const row of records.certifications) {
    const cell = cellOf(row.user_id, row.subject_id);
    if (cell) cell.certification = row;
  }
  return byPerson;
}
