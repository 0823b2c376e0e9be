import type { CertificationSummary } from '@hub/proto';
import { AlertTriangle, Award, CalendarCheck, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, Skeleton } from '../ui/Card';
import { formatNumber } from '../i18n/format';

function SummaryCard(props: {
  title: string;
  value: number | undefined;
  caption: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card testId={props.testId}>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{props.title}</h2>
        {props.icon}
      </div>
      {props.value === undefined ? (
        <Skeleton className="mt-3 h-8 w-16" />
      ) : (
        <p data-testid={`${props.testId}-value`} className="mt-2 text-3xl font-bold">
          {formatNumber(props.value)}
        </p>
      )}
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{props.caption}</p>
    </Card>
  );
}

/** The spec's four cards, counted by the server over every certification the caller may see. */
export function CertificationCards({ summary }: { summary: CertificationSummary | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard
        testId="cert-active"
        title="Active Certifications"
        value={summary?.active}
        caption="Valid for more than 30 days"
        icon={<Award aria-hidden className="size-5 text-green-600" />}
      />
      <SummaryCard
        testId="cert-completed-month"
        title="Completed This Month"
        value={summary?.completedThisMonth}
        caption="Issued or renewed since the 1st"
        icon={<CalendarCheck aria-hidden className="size-5 text-blue-600" />}
      />
      <SummaryCard
        testId="cert-expiring"
        title="Expiring Soon"
        value={summary?.expiringSoon}
        caption="Within 30 days"
        icon={<Clock aria-hidden className="size-5 text-amber-600" />}
      />
      <SummaryCard
        testId="cert-overdue"
        title="Overdue"
        value={summary?.overdue}
        caption="Expired, to be renewed"
        icon={<AlertTriangle aria-hidden className="size-5 text-red-600" />}
      />
    </div>
  );
}
