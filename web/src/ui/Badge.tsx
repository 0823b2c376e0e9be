import clsx from 'clsx';
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'green' | 'amber' | 'blue' | 'red';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  green: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
};

export function Badge({
  tone = 'neutral',
  children,
  testId,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={clsx(
        'inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-medium break-words',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
