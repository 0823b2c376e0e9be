import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '@hub/proto';
import { LogIn, UserCheck, Users } from 'lucide-react';
import { StatCard } from '../ui/StatCard';
import { formatNumber } from '../i18n/format';

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
        value={formatNumber(stats?.totalUsers)}
        caption={t('hub.totalUsersCaption')}
        icon={<Users className={iconClass} />}
      />
      <StatCard
        loading={loading}
        testId="stat-active-users"
        title={t('hub.activeUsers')}
        value={formatNumber(stats?.activeUsers)}
        caption={t('hub.activeUsersCaption')}
        icon={<UserCheck className={iconClass} />}
      />
      <StatCard
        loading={loading}
        testId="stat-today-logins"
        title={t('hub.todayLogins')}
        value={formatNumber(stats?.todayLogins)}
        caption={t('hub.todayLoginsCaption')}
        icon={<LogIn className={iconClass} />}
      />
    </div>
  );
}
