import { csvCell, csvLine, type Language } from '@hub/proto';
import { decimalSeparator, type ServerCatalog } from '@hub/kit';

/**
 * SQL of csvCell (proto/src/csv.ts) for a text expression: a leading apostrophe where a
 * spreadsheet would run a formula, quotes where a comma, quote or line break would split the
 * cell. One pattern tells the (usual) plain text apart first. The expression is repeated, so it
 * should be a column.
 */
export function csvCellSql(text: string): string {
  const quoted = (value: string) =>
    String.raw`CASE WHEN ${value} ~ '[",\r\n]' THEN '"' || replace(${value}, '"', '""') || '"' ELSE ${value} END`;
  const guarded = String.raw`CASE WHEN ${text} ~ '^[=+\-@\t\r]' THEN ${quoted(`'''' || ${text}`)} ELSE ${quoted(text)} END`;
  return String.raw`CASE WHEN ${text} ~ '^[=+\-@\t\r]|[",\r\n]' THEN ${guarded} ELSE ${text} END`;
}

/** A timestamp as Date.toISOString writes it: UTC, milliseconds, Z. */
const isoSql = (timestamp: string) =>
  `to_char(${timestamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type HistoryTexts = ServerCatalog['observationHistory'];
type Column = keyof HistoryTexts['columns'];

/**
 * The observation history CSV's columns: each title's key in the server catalog and the SQL of
 * its cell over `o` (the observation), `r` (its answers' counts), `f` (its findings' counts) and
 * `w` (the words of the reader's language, see historyWords); NULL is an empty cell. Postgres
 * writes the lines (numbers as String(Number(x)) would, trim_scale for the score, its decimal
 * mark the reader's), so an export page is one string, not 10,000 rows made into objects and
 * then into text.
 */
const HISTORY_COLUMNS: [Column, string][] = [
  ['observation', 'o.id::text'],
  ['started', isoSql('o.started_at')],
  ['completed', isoSql('o.completed_at')],
  [
    'status',
    `CASE o.status WHEN 'completed' THEN w.completed WHEN 'in_progress' THEN w.in_progress ELSE ${csvCellSql('o.status')} END`,
  ],
  ['sop', csvCellSql('o.evaluation_title')],
  ['document', 'o.document_id::text'],
  ['operator', csvCellSql('o.operator_name')],
  ['observer', csvCellSql('o.observer_name')],
  ['questions', 'jsonb_array_length(o.questions)::text'],
  ['answered', 'r.answered::text'],
  ['correct', 'r.correct::text'],
  // In the reader's digits ('92,5' in Spanish and French, quoted: a comma would split the cell),
  // as the skills matrix CSV writes them; a whole score has no decimals to mark.
  [
    'score',
    `CASE WHEN w.decimal_mark = '.' OR o.score = trunc(o.score) THEN trim_scale(o.score)::text
          ELSE '"' || replace(trim_scale(o.score)::text, '.', w.decimal_mark) || '"' END`,
  ],
  ['passed', 'CASE o.passed WHEN true THEN w.yes WHEN false THEN w.no END'],
  ['passMark', 'o.pass_mark::text'],
  ['duration', 'o.duration_seconds::text'],
  ['findings', 'f.findings::text'],
  ['openFindings', 'f.open_findings::text'],
];

/** The header line, in the reader's language. */
export const historyHeader = (texts: HistoryTexts): string =>
  csvLine(HISTORY_COLUMNS.map(([column]) => texts.columns[column]));

/**
 * The words cells are written with, in the order of historyWordsSql's parameters: a status and a
 * yes or no (as CSV cells), and the reader's decimal separator.
 */
export const historyWords = (texts: HistoryTexts, language: Language): string[] => [
  ...[texts.statuses.completed, texts.statuses.in_progress, texts.passed.yes, texts.passed.no].map(
    csvCell,
  ),
  decimalSeparator(language),
];

/** The words as a row `w`, from the query's parameters starting at `first`. */
export const historyWordsSql = (first: number) =>
  `(SELECT $${first}::text AS completed, $${first + 1}::text AS in_progress, $${first + 2}::text AS yes, $${first + 3}::text AS no, $${first + 4}::text AS decimal_mark) w`;

/** SQL of one row's CSV line, CRLF included. */
export const historyLineSql = `concat_ws(',', ${HISTORY_COLUMNS.map(
  ([, cell]) => `coalesce(${cell}, '')`,
).join(', ')}) || E'\\r\\n'`;
