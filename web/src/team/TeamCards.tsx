import type { TeamStats } from '@hub/proto';
import { Award, UserCheck, Users, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, Skeleton } from '../ui/Card';
import { formatPercent } from '../dashboard/format';
import { formatNumber } from '../i18n/format';
import { useTranslation } from 'react-i18next';

function StatCard(props: {
  title: string;
  testId: string;
  icon: ReactNode;
  value: string | undefined;
  caption: string;
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
          {props.value}
        </p>
      )}
      <p
        data-testid={`${props.testId}-caption`}
        className="mt-1 text-xs text-slate-500 dark:text-slate-400"
      >
        {props.caption}
      </p>
    </Card>
  );
}

/** The spec's four cards: Total Members, Present Today, Absent, Top Performers. */
export function TeamCards({ stats }: { stats: TeamStats | undefined }) {
  const { t } = useTranslation();
  const icon = 'size-5 text-slate-400';
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title={t('team.cards.total')}
        testId="team-total"
        icon={<Users className={icon} />}
        value={formatNumber(stats?.totalMembers)}
        caption={t('team.cards.totalCaption')}
      />
      <StatCard
        title={t('team.cards.present')}
        testId="team-present"
        icon={<UserCheck className={icon} />}
        value={formatNumber(stats?.presentToday)}
        caption={
          stats
            ? t('team.cards.attendance', { rate: formatPercent(stats.attendanceRate) })
            : t('team.cards.attendanceCaption')
        }
      />
      <StatCard
        title={t('team.cards.absent')}
        testId="team-absent"
        icon={<UserX className={icon} />}
        value={formatNumber(stats?.absentCount)}
        caption={t('team.cards.absentCaption')}
      />
      <StatCard
        title={t('team.cards.top')}
        testId="team-top"
        icon={<Award className={icon} />}
        value={formatNumber(stats?.topPerformers)}
        caption={t('team.cards.topCaption')}
      />
    </div>
  );
}
