import type { ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Card, CardTitle, Skeleton } from '../ui/Card';

/** Series colours, readable on the light and the dark theme. */
export const CHART_COLOURS = {
  blue: '#3b82f6',
  green: '#22c55e',
  amber: '#f59e0b',
  red: '#ef4444',
  grid: '#94a3b833',
  axis: '#94a3b8',
} as const;

export const axisProps = { stroke: CHART_COLOURS.axis, fontSize: 12 } as const;

/**
 * The hover tooltip's lines in dark text on its white box: Recharts colours each line like its
 * series, and amber or green text on white fails WCAG contrast (found by axe-core).
 */
export const tooltipProps = {
  contentStyle: { color: '#0f172a' },
  itemStyle: { color: '#0f172a' },
} as const;

/** A card holding one chart at a fixed height (Recharts measures its container). */
export function ChartCard(props: {
  title: string;
  testId: string;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Card testId={props.testId} className="space-y-3">
      <CardTitle>{props.title}</CardTitle>
      {props.loading ? (
        <Skeleton className="h-64 w-full" />
      ) : props.empty ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{props.emptyText}</p>
      ) : (
        <div className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            {props.children}
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}
