import { csvLine, type CsvValue, type ObservationHistoryRow } from '@hub/proto';

/** The observation history CSV's columns: each title and how a row gives its cell. */
export const HISTORY_COLUMNS: [string, (row: ObservationHistoryRow) => CsvValue][] = [
  ['Observation', (row) => row.id],
  ['Started', (row) => row.startedAt],
  ['Completed', (row) => row.completedAt],
  ['Status', (row) => row.status],
  ['SOP', (row) => row.sop],
  ['Document', (row) => row.documentId],
  ['Operator', (row) => row.operator],
  ['Observer', (row) => row.observer],
  ['Questions', (row) => row.questions],
  ['Answered', (row) => row.answered],
  ['Correct', (row) => row.correct],
  ['Score %', (row) => row.score],
  ['Passed', (row) => row.passed],
  ['Pass mark %', (row) => row.passMark],
  ['Duration (s)', (row) => row.durationSeconds],
  ['Findings', (row) => row.findings],
  ['Open findings', (row) => row.openFindings],
];

export const historyHeader = (): string => csvLine(HISTORY_COLUMNS.map(([title]) => title));

/** The rows' lines, in their order. */
export function historyLines(rows: ObservationHistoryRow[]): string {
  let text = '';
  for (const row of rows) text += csvLine(HISTORY_COLUMNS.map(([, cell]) => cell(row)));
  return text;
}
