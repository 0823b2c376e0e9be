import { useTranslation } from 'react-i18next';
import type { PerformanceOverview } from '@hub/proto';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { formatPercent } from './format';

/** Each figure of the overview; its label is the catalog's `hub.<key>`. */
const TILES: (keyof PerformanceOverview)[] = [
  'attendanceRate',
  'performanceScore',
  'trainingCompletion',
  'monthlyGrowth',
];

export function PerformanceOverviewCard({
  overview,
  loading,
}: {
  overview: PerformanceOverview | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card testId="performance-overview">
      <CardTitle>{t('hub.performance')}</CardTitle>
      <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {TILES.map((key) => {
          const value = overview?.[key];
          return (
            <div
              key={key}
              data-testid={`performance-${key}`}
              className="rounded-md bg-slate-50 p-4 text-center dark:bg-slate-900"
            >
              {value === undefined ? (
                loading ? (
                  <Skeleton className="mx-auto h-7 w-16" />
                ) : (
                  <p className="text-2xl font-bold text-slate-500 dark:text-slate-400">–</p>
                )
              ) : (
                <p
                  className={
                    value === null
                      ? 'py-1 text-sm text-slate-500 dark:text-slate-400'
                      : 'text-2xl font-bold'
                  }
                >
                  {formatPercent(value)}
                </p>
              )}
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t(`hub.${key}`)}</p>
            </div>
          );
        })}
      </div>
    </Card>
  );
}
