import type { TeamStats } from '@hub/proto';
import { Award, UserCheck, Users, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, Skeleton } from '../ui/Card';
import { formatPercent } from '../dashboard/format';
import { formatNumber } from '../i18n/format';

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
  const icon = 'size-5 text-slate-400';
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Total Members"
        testId="team-total"
        icon={<Users className={icon} />}
        value={formatNumber(stats?.totalMembers)}
        caption="active members"
      />
      <StatCard
        title="Present Today"
        testId="team-present"
        icon={<UserCheck className={icon} />}
        value={formatNumber(stats?.presentToday)}
        caption={stats ? `${formatPercent(stats.attendanceRate)} attendance` : 'attendance'}
      />
      <StatCard
        title="Absent"
        testId="team-absent"
        icon={<UserX className={icon} />}
        value={formatNumber(stats?.absentCount)}
        caption="not signed in today"
      />
      <StatCard
        title="Top Performers"
        testId="team-top"
        icon={<Award className={icon} />}
        value={formatNumber(stats?.topPerformers)}
        caption="above 90% performance"
      />
    </div>
  );
}
