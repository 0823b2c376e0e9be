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
 * The matrix's words in the reader's language (the server catalog's skillsMatrix), its scores
 * in their number format and its dates on their calendar.
 */
export type MatrixTexts = ServerCatalog['skillsMatrix'] & {
  score: (value: number) => string;
  /** The day a moment falls on where the reader is, as YYYY-MM-DD. */
  day: (date: Date) => string;
};

/**
 * The matrix as its reader reads it: a score as the page shows it, '61.5%', '61,5 %', and a
 * date on the day the page shows, in `timeZone` (the reader's, as identity's languagesOf
 * answers it), not UTC's, a day ahead on an evening in Los Angeles.
 */
export const matrixTexts = (language: Language, timeZone = 'UTC'): MatrixTexts => ({
  ...messages(language).skillsMatrix,
  score: (value) => percent(value, language),
  day: calendarDayIn(timeZone),
});

/** YYYY-MM-DD of a moment in `timeZone`, one formatter for an export's every cell. */
function calendarDayIn(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (date) => {
    const parts = format.formatToParts(date);
    const part = (type: string) => parts.find((found) => found.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
}

const PERSON_COLUMNS = ['name', 'email', 'role', 'department', 'jobFunctions', 'gaps'] as const;

/**
 * 'Certified 92% 2026-11-02' ('Certifié 92 % 2026-11-02'): the level, then the latest
 * observation's score in the reader's number format, as the page shows it, and its day on the
 * reader's calendar.
 */
export function cellText(
  texts: MatrixTexts,
  level: SkillLevel,
  score: number | null,
  date: Date | null,
): string {
  const scoreText = score === null ? [] : [texts.score(score)];
  const day = date === null ? [] : [texts.day(date)];
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
        const date = latest ? (latest.completed_at ?? latest.started_at) : null;
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
