import {
  importPlan,
  PEOPLE_IMPORT_NUMBER_PARTS,
  type PeopleImportCounts,
  type PeopleImportStatus,
  type RefusedRow,
} from '@hub/proto';
import { formatNumber } from '../i18n/format';
import { readableErrorText } from '../api/error-text';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';

/**
 * The preview's figures as the page lists them, with the "update existing members" choice; each
 * one's label is the catalog's `peopleImport.plan.<key>`.
 */
export function planFigures(counts: PeopleImportCounts, updateExisting: boolean) {
  const plan = importPlan(counts, updateExisting);
  return [
    { key: 'create', value: plan.create },
    { key: 'update', value: plan.update },
    { key: 'unchanged', value: plan.unchanged },
    { key: 'refused', value: plan.refused },
  ] as const;
}

/** Percent of the lines applied, 0 to 100 (100 once done, whatever was counted). */
export function importPercent(status: PeopleImportStatus): number {
  if (status.state === 'done') return 100;
  if (status.totalRows <= 0) return 0;
  return Math.min(100, Math.round((status.processedRows / status.totalRows) * 100));
}

type ImportFigure = 'created' | 'updated' | 'unchanged' | 'refused' | 'invited';

/** One figure of an import, agreeing with its own number: '1 created', '3 invitations envoyées'. */
const figureText = (figure: ImportFigure, count: number) =>
  i18n.t(`peopleImport.counts.${figure}`, { count, n: formatNumber(count) });

/** What a finished import did; a sentence holds five numbers, so each is worded first. */
export function importReportText(status: PeopleImportStatus): string {
  return i18n.t('peopleImport.report', {
    created: figureText('created', status.created),
    updated: figureText('updated', status.updated),
    unchanged: figureText('unchanged', status.unchanged),
    refused: figureText('refused', status.refused),
    invited: figureText('invited', status.invited),
  });
}

export function importProgressText(status: PeopleImportStatus): string {
  const rows = i18n.t('peopleImport.state.rows', {
    count: status.totalRows,
    processed: formatNumber(status.processedRows),
    total: formatNumber(status.totalRows),
  });
  switch (status.state) {
    case 'previewed':
    case 'queued':
      return i18n.t('peopleImport.state.waiting');
    case 'running':
      return i18n.t('peopleImport.state.running', {
        rows,
        invited: figureText('invited', status.invited),
      });
    case 'done':
      return i18n.t('peopleImport.state.done', { rows });
    case 'failed':
      return i18n.t('peopleImport.state.failed', {
        error: status.error
          ? readableErrorText(status.error)
          : i18n.t('peopleImport.state.unknownError'),
      });
  }
}

/** Polling stops once the import has ended. */
export const importEnded = (status: PeopleImportStatus | undefined) =>
  status?.state === 'done' || status?.state === 'failed';

/**
 * Why a row was refused, in the reader's language: the catalog's `peopleImport.reasons.<code>`
 * with the parts the server sent (numbers grouped as the language groups them). An English
 * reader, or a reason without a code this build knows, reads the server's English as written.
 */
export function refusalText(row: RefusedRow): string {
  const key = `peopleImport.reasons.${row.code}`;
  if (i18n.language === 'en' || !row.code || !i18n.exists(key)) return row.reason;
  const parts = Object.fromEntries(
    Object.entries(row.params ?? {}).map(([name, value]) => [
      name,
      PEOPLE_IMPORT_NUMBER_PARTS.has(name) && /^\d+$/.test(value)
        ? formatNumber(Number(value))
        : value,
    ]),
  );
  return keyedText(key, parts);
}
