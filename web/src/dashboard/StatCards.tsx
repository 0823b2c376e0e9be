import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '@hub/proto';
import { LogIn, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, Skeleton } from '../ui/Card';
import { formatNumber } from '../i18n/format';

interface StatCardProps {
  title: string;
  value: number | undefined;
  caption: string;
  icon: ReactNode;
  testId: string;
  loading: boolean;
}

function StatCard({ title, value, caption, icon, testId, loading }: StatCardProps) {
  return (
    <Card testId={testId}>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{title}</h2>
        {icon}
      </div>
      {value === undefined ? (
        loading ? (
          <Skeleton className="mt-3 h-8 w-16" />
        ) : (
          <p className="mt-2 text-3xl font-bold text-slate-500 dark:text-slate-400">–</p>
        )
      ) : (
        <p data-testid={`${testId}-value`} className="mt-2 text-3xl font-bold">
          {formatNumber(value)}
        </p>
      )}
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{caption}</p>
    </Card>
  );
}

export function StatCards({
  stats,
  loading,
}: {
  stats: DashboardStats | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const iconClass = 'size-5 text-slate-400';
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <StatCard
        loading={loading}
        testId="stat-total-users"
        title={t('hub.totalUsers')}
        value={stats?.totalUsers}
        caption={t('hub.totalUsersCaption')}
        icon={<Users className={iconClass} />}
      />
      <StatCard
        loading={loading}
        testId="stat-active-users"
        title={t('hub.activeUsers')}
        value={stats?.activeUsers}
        caption={t('hub.activeUsersCaption')}
        icon={<UserCheck className={iconClass} />}
      />
      <StatCard
        loading={loading}
        testId="stat-today-logins"
        title={t('hub.todayLogins')}
        value={stats?.todayLogins}
        caption={t('hub.todayLoginsCaption')}
        icon={<LogIn className={iconClass} />}
      />
    </div>
  );
}
