import type { CertificationSummary } from '@hub/proto';
import { AlertTriangle, Award, CalendarCheck, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, Skeleton } from '../ui/Card';
import { formatNumber } from '../i18n/format';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard
        testId="cert-active"
        title={t('certifications.cards.active')}
        value={summary?.active}
        caption={t('certifications.cards.activeCaption')}
        icon={<Award aria-hidden className="size-5 text-green-600" />}
      />
      <SummaryCard
        testId="cert-completed-month"
        title={t('certifications.cards.completedMonth')}
        value={summary?.completedThisMonth}
        caption={t('certifications.cards.completedMonthCaption')}
        icon={<CalendarCheck aria-hidden className="size-5 text-blue-600" />}
      />
      <SummaryCard
        testId="cert-expiring"
        title={t('certifications.cards.expiring')}
        value={summary?.expiringSoon}
        caption={t('certifications.cards.expiringCaption')}
        icon={<Clock aria-hidden className="size-5 text-amber-600" />}
      />
      <SummaryCard
        testId="cert-overdue"
        title={t('certifications.cards.overdue')}
        value={summary?.overdue}
        caption={t('certifications.cards.overdueCaption')}
        icon={<AlertTriangle aria-hidden className="size-5 text-red-600" />}
      />
    </div>
  );
}
