import { csvLine } from '@hub/proto';

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

/**
 * The observation history CSV's columns: each title and the SQL of its cell over `o` (the
 * observation), `r` (its answers' counts) and `f` (its findings' counts); NULL is an empty cell.
 * Postgres writes the lines (numbers as String(Number(x)) would, trim_scale for the score), so
 * an export page is one string, not 10,000 rows made into objects and then into text.
 */
export const HISTORY_COLUMNS: [string, string][] = [
  ['Observation', 'o.id::text'],
  ['Started', isoSql('o.started_at')],
  ['Completed', isoSql('o.completed_at')],
  ['Status', csvCellSql('o.status')],
  ['SOP', csvCellSql('o.evaluation_title')],
  ['Document', 'o.document_id::text'],
  ['Operator', csvCellSql('o.operator_name')],
  ['Observer', csvCellSql('o.observer_name')],
  ['Questions', 'jsonb_array_length(o.questions)::text'],
  ['Answered', 'r.answered::text'],
  ['Correct', 'r.correct::text'],
  ['Score %', 'trim_scale(o.score)::text'],
  ['Passed', 'o.passed::text'],
  ['Pass mark %', 'o.pass_mark::text'],
  ['Duration (s)', 'o.duration_seconds::text'],
  ['Findings', 'f.findings::text'],
  ['Open findings', 'f.open_findings::text'],
];

export const historyHeader = (): string => csvLine(HISTORY_COLUMNS.map(([title]) => title));

/** SQL of one row's CSV line, CRLF included. */
export const historyLineSql = `concat_ws(',', ${HISTORY_COLUMNS.map(
  ([, cell]) => `coalesce(${cell}, '')`,
).join(', ')}) || E'\\r\\n'`;
