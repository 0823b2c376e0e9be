import { useQuery } from '@tanstack/react-query';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { summaryRows } from './notifications';
import { activitySummaryQuery } from './queries';
import { formatNumber } from '../i18n/format';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

export function ActivitySummaryCard() {
  const { t } = useTranslation();
  const summary = useQuery(activitySummaryQuery);
  const rows = summaryRows(summary.data);
  return (
    <Card testId="activity-summary">
      <CardTitle>{t('activity.summary.title')}</CardTitle>
      {summary.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t('activity.summary.loadFailed', { message: readableErrorMessage(summary.error) })}
        </p>
      )}
      <dl className="mt-4 space-y-3">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between text-sm">
            <dt className="text-slate-600 dark:text-slate-300">
              {row.label}
              <span className="block text-xs text-slate-600 dark:text-slate-400">{row.hint}</span>
            </dt>
            <dd className="text-lg font-semibold">
              {row.value !== undefined ? (
                formatNumber(row.value)
              ) : summary.isPending ? (
                <Skeleton className="h-6 w-8" />
              ) : (
                '–'
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
