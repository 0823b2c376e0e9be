import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Card, Skeleton } from './Card';

interface StatCardProps {
  title: string;
  testId: string;
  icon: ReactNode;
  /** The figure, formatted; undefined while it loads, or when there is none once loaded. */
  value: ReactNode | undefined;
  /** False once loading is over without a figure: a dash instead of the placeholder. */
  loading?: boolean;
  caption?: string;
  /** The caption's test id, for the cards whose tests read it. */
  captionTestId?: string;
  size?: 'md' | 'lg';
  children?: ReactNode;
}

/** One figure of a page's row of cards: title and icon, the value, a caption underneath. */
export function StatCard({
  title,
  testId,
  icon,
  value,
  loading = true,
  caption,
  captionTestId,
  size = 'lg',
  children,
}: StatCardProps) {
  return (
    <Card testId={testId}>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{title}</h2>
        {icon}
      </div>
      <StatValue testId={testId} value={value} loading={loading} size={size} />
      {caption !== undefined && (
        <p data-testid={captionTestId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {caption}
        </p>
      )}
      {children}
    </Card>
  );
}

function StatValue(props: {
  testId: string;
  value: ReactNode | undefined;
  loading: boolean;
  size: 'md' | 'lg';
}) {
  if (props.value !== undefined) {
    return (
      <div
        data-testid={`${props.testId}-value`}
        className={clsx('mt-2 font-bold', props.size === 'md' ? 'text-2xl' : 'text-3xl')}
      >
        {props.value}
      </div>
    );
  }
  if (props.loading) return <Skeleton className="mt-3 h-8 w-16" />;
  return <p className="mt-2 text-3xl font-bold text-slate-500 dark:text-slate-400">–</p>;
}
