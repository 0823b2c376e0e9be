import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery, dashboardStatsQuery } from '../api/queries';
import { GettingStartedCard } from '../onboarding/GettingStartedCard';
import { PerformanceOverviewCard } from './PerformanceOverviewCard';
import { QuickActions } from './QuickActions';
import { RecentActivityCard } from './RecentActivityCard';
import { StatCards } from './StatCards';
import { readableErrorMessage } from '../api/errors';

export function HubPage() {
  const { t } = useTranslation();
  const stats = useQuery(dashboardStatsQuery);
  const user = useQuery(currentUserQuery);
  const organizationName = stats.data?.organizationName ?? user.data?.organizationName ?? '';

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 data-testid="hub-title" className="text-2xl font-bold">
          {t('hub.welcome', { organization: organizationName })}
        </h1>
        <p className="text-slate-500 dark:text-slate-400">{t('hub.subtitle')}</p>
      </header>
      {stats.isError && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          {t('hub.statsFailed', { message: readableErrorMessage(stats.error) })}
        </p>
      )}
      <GettingStartedCard role={user.data?.role} />
      <StatCards stats={stats.data} loading={stats.isPending} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <QuickActions role={user.data?.role} />
        <RecentActivityCard />
      </div>
      <PerformanceOverviewCard
        overview={stats.data?.performanceOverview}
        loading={stats.isPending}
      />
    </div>
  );
}
