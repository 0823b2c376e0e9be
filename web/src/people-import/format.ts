import { importPlan, type PeopleImportCounts, type PeopleImportStatus } from '@hub/proto';
import { formatNumber } from '../i18n/format';
import { i18n } from '../i18n/i18n';

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

export function importProgressText(status: PeopleImportStatus): string {
  const rows = i18n.t('peopleImport.state.rows', {
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
        invited: formatNumber(status.invited),
      });
    case 'done':
      return i18n.t('peopleImport.state.done', { rows });
    case 'failed':
      return i18n.t('peopleImport.state.failed', {
        error: status.error ?? i18n.t('peopleImport.state.unknownError'),
      });
  }
}

/** Polling stops once the import has ended. */
export const importEnded = (status: PeopleImportStatus | undefined) =>
  status?.state === 'done' || status?.state === 'failed';
