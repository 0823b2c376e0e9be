import { useQuery } from '@tanstack/react-query';
import { Activity, Building2, HeartPulse, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { systemStatus } from '../api/health';
import { healthQuery } from '../api/queries';
import { Skeleton } from '../ui/Card';
import { StatCard } from '../ui/StatCard';
import { adminOverviewQuery } from './queries';
import { formatNumber } from '../i18n/format';
import { useTranslation } from 'react-i18next';

const iconClass = 'size-5 text-slate-400';

function figure(value: number | undefined, pending: boolean): ReactNode {
  if (value !== undefined) return formatNumber(value);
  return pending ? <Skeleton className="h-8 w-16" /> : '–';
}

export function AdminStatCards() {
  const { t } = useTranslation();
  const overview = useQuery(adminOverviewQuery);
  const health = useQuery(healthQuery);
  const status = health.data ? systemStatus(health.data, t) : undefined;

  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      <StatCard
        size="md"
        testId="stat-total-organizations"
        title={t('admin.stats.organizations')}
        value={figure(overview.data?.totalOrganizations, overview.isPending)}
        caption={t('admin.stats.organizationsCaption')}
        icon={<Building2 className={iconClass} />}
      />
      <StatCard
        size="md"
        testId="stat-total-users"
        title={t('admin.stats.users')}
        value={figure(overview.data?.totalUsers, overview.isPending)}
        caption={t('admin.stats.usersCaption')}
        icon={<Users className={iconClass} />}
      />
      <StatCard
        size="md"
        testId="stat-active-sessions"
        title={t('admin.stats.sessions')}
        value={figure(overview.data?.activeSessions, overview.isPending)}
        caption={t('admin.stats.sessionsCaption')}
        icon={<Activity className={iconClass} />}
      />
      <StatCard
        size="md"
        testId="stat-system-status"
        title={t('admin.stats.status')}
        value={
          status ? (
            <span
              className={status.healthy ? 'text-green-600' : 'text-base text-amber-600'}
              title={status.text}
            >
              {status.text}
            </span>
          ) : health.isPending ? (
            <Skeleton className="h-8 w-24" />
          ) : (
            <span className="text-red-600">{t('admin.stats.unreachable')}</span>
          )
        }
        caption={t('admin.stats.statusCaption')}
        icon={<HeartPulse className={iconClass} />}
      />
    </div>
  );
}
