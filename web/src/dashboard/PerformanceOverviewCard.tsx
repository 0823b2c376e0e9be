import type { PerformanceOverview } from '@hub/proto';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { formatPercent } from './format';

const TILES: { key: keyof PerformanceOverview; label: string }[] = [
  { key: 'attendanceRate', label: 'Attendance Rate' },
  { key: 'performanceScore', label: 'Performance Score' },
  { key: 'trainingCompletion', label: 'Training Completion' },
  { key: 'monthlyGrowth', label: 'Monthly Growth' },
];

export function PerformanceOverviewCard({
  overview,
  loading,
}: {
  overview: PerformanceOverview | undefined;
  loading: boolean;
}) {
  return (
    <Card testId="performance-overview">
      <CardTitle>Performance Overview</CardTitle>
      <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {TILES.map(({ key, label }) => {
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
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{label}</p>
            </div>
          );
        })}
      </div>
    </Card>
  );
}
