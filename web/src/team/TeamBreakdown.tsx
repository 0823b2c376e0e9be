import type { PerformanceMetrics, TeamStats } from '@hub/proto';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { formatPercent } from '../dashboard/format';
import { barWidth, departmentShares } from './format';

/** A proportional bar per department (the super administrator counts under Administration). */
export function DepartmentBreakdown({ stats }: { stats: TeamStats | undefined }) {
  return (
    <Card testId="team-departments" className="space-y-4">
      <CardTitle>Department Breakdown</CardTitle>
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

const METRICS: { key: keyof PerformanceMetrics; label: string; hint: string }[] = [
  {
    key: 'averagePerformance',
    label: 'Average Performance',
    hint: "Mean of the members' observation scores, last 90 days",
  },
  { key: 'trainingCompletion', label: 'Training Completion', hint: 'Course enrolments completed' },
  {
    key: 'safetyCompliance',
    label: 'Safety Compliance',
    hint: 'Pass rate of observations of SOPs tagged safety, last 90 days',
  },
  {
    key: 'efficiencyRating',
    label: 'Efficiency Rating',
    hint: "First-time pass rate: a person's first observation of an SOP that passed",
  },
];

export function PerformanceMetricsCard({ stats }: { stats: TeamStats | undefined }) {
  return (
    <Card testId="team-metrics" className="space-y-4">
      <CardTitle>Performance Metrics</CardTitle>
      {stats ? (
        <ul className="space-y-3">
          {METRICS.map(({ key, label, hint }) => {
            const value = stats.performanceMetrics[key];
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
