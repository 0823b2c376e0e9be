import { importPlan, type PeopleImportCounts, type PeopleImportStatus } from '@hub/proto';
import { formatNumber } from '../i18n/format';

/** The preview's figures as the page lists them, with the "update existing members" choice. */
export function planFigures(counts: PeopleImportCounts, updateExisting: boolean) {
  const plan = importPlan(counts, updateExisting);
  return [
    { key: 'create', label: 'New members', value: plan.create },
    { key: 'update', label: 'Updated', value: plan.update },
    { key: 'unchanged', label: 'Unchanged', value: plan.unchanged },
    { key: 'refused', label: 'Refused', value: plan.refused },
  ] as const;
}

/** Percent of the lines applied, 0 to 100 (100 once done, whatever was counted). */
export function importPercent(status: PeopleImportStatus): number {
  if (status.state === 'done') return 100;
  if (status.totalRows <= 0) return 0;
  return Math.min(100, Math.round((status.processedRows / status.totalRows) * 100));
}

export function importProgressText(status: PeopleImportStatus): string {
  const rows = `${formatNumber(status.processedRows)} of ${formatNumber(status.totalRows)} rows`;
  switch (status.state) {
    case 'previewed':
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return `Importing: ${rows}, ${formatNumber(status.invited)} invitations sent`;
    case 'done':
      return `Done: ${rows}`;
    case 'failed':
      return `The import stopped: ${status.error ?? 'unknown error'}`;
  }
}

/** Polling stops once the import has ended. */
export const importEnded = (status: PeopleImportStatus | undefined) =>
  status?.state === 'done' || status?.state === 'failed';
