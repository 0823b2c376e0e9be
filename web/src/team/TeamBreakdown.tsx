import type { PerformanceMetrics, TeamStats } from '@hub/proto';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { formatPercent } from '../dashboard/format';
import { barWidth, departmentShares } from './format';
import { useTranslation } from 'react-i18next';

/** A proportional bar per department (the super administrator counts under Administration). */
export function DepartmentBreakdown({ stats }: { stats: TeamStats | undefined }) {
  const { t } = useTranslation();
  return (
    <Card testId="team-departments" className="space-y-4">
      <CardTitle>{t('team.departments.title')}</CardTitle>
      {stats ? (
        <ul className="space-y-3">
          {departmentShares(stats.departmentBreakdown).map((row) => (
            <li key={row.key} data-testid={`department-${row.key}`} className="space-y-1">
              <div className="flex justify-between text-sm">
                <span>{row.label}</span>
                <span data-testid={`department-${row.key}-count`} className="font-medium">
                  {row.count}
                </span>
              </div>
              <div className="h-2 rounded-full bg-slate-100 dark:bg-slate-800">
                <div className="h-2 rounded-full bg-blue-600" style={{ width: `${row.share}%` }} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
    </Card>
  );
}

/** The metrics in order; each one's label is `team.metrics.<key>`, its meaning `<key>Hint`. */
const METRICS: readonly (keyof PerformanceMetrics)[] = [
  'averagePerformance',
  'trainingCompletion',
  'safetyCompliance',
  'efficiencyRating',
];

export function PerformanceMetricsCard({ stats }: { stats: TeamStats | undefined }) {
  const { t } = useTranslation();
  return (
    <Card testId="team-metrics" className="space-y-4">
      <CardTitle>{t('team.metrics.title')}</CardTitle>
      {stats ? (
        <ul className="space-y-3">
          {METRICS.map((key) => {
            const value = stats.performanceMetrics[key];
            const label = t(`team.metrics.${key}`);
            const hint = t(`team.metrics.${key}Hint`);
            return (
              <li key={key} title={hint} className="space-y-1">
                <div className="flex justify-between text-sm">
                  <span>{label}</span>
                  <span data-testid={`metric-${key}`} className="font-medium">
                    {formatPercent(value)}
                  </span>
                </div>
                <div className="h-2 rounded-full bg-slate-100 dark:bg-slate-800">
                  <div
                    className="h-2 rounded-full bg-green-600"
                    style={{ width: `${barWidth(value)}%` }}
                  />
                </div>
                <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
              </li>
            );
          })}
        </ul>
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
    </Card>
  );
}
