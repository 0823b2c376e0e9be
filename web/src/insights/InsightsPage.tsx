import { type InsightsStats, type Role, routePath } from '@hub/proto';
import { api } from '../api/routes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Activity, BarChart3, Download, Target, Users } from 'lucide-react';
import { formatPercent } from '../dashboard/format';
import { Card, CardTitle } from '../ui/Card';
import { StatCard } from '../ui/StatCard';
import { linkClass, smallOutlineButtonClass } from '../ui/styles';
import { currentUserQuery } from '../api/queries';
import { activeUsersCaption, countChangeText, platformWide, pointsChangeText } from './format';
import { RecentActivity, UpcomingGoals } from './InsightsLines';
import { formatNumber } from '../i18n/format';
import { insightsQuery } from './queries';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

/** /insights: the organization's figures against last month, activity, goals, observations. */
export function InsightsPage() {
  const { t } = useTranslation();
  const { data, isError, error } = useQuery(insightsQuery);
  const role = useQuery(currentUserQuery).data?.role;
  const icon = 'size-5 text-slate-400';
  return (
    <div data-testid="insights-page" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('insights.title')}</h1>
          <p className="text-slate-500 dark:text-slate-400">
            {platformWide(role)
              ? t('insights.subtitlePlatform')
              : t('insights.subtitleOrganization')}
          </p>
          {platformWide(role) ? (
            <p data-testid="platform-wide-note" className="text-xs text-slate-500">
              {t('insights.platformWideNote')}
            </p>
          ) : null}
        </div>
        {/* A plain link: the browser downloads the streamed CSV with the session cookie. */}
        <a
          href={routePath(api.observationHistoryCsv, {})}
          download
          data-testid="export-observations"
          className={smallOutlineButtonClass}
        >
          <Download aria-hidden className="size-3.5" />
          {t('insights.exportHistory')}
        </a>
      </header>
      {isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('insights.loadFailed', { message: readableErrorMessage(error) })}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title={t('insights.performanceScore')}
          testId="insights-performance"
          captionTestId="insights-performance-change"
          icon={<Target className={icon} />}
          value={data ? formatPercent(data.performanceScore) : undefined}
          caption={data ? pointsChangeText(data.performanceChange) : ''}
        />
        <StatCard
          title={t('insights.activeUsers')}
          testId="insights-users"
          captionTestId="insights-users-change"
          icon={<Users className={icon} />}
          value={formatNumber(data?.activeUsers)}
          caption={data ? activeUsersCaption(data.userChange) : ''}
        />
        <StatCard
          title={t('insights.completionRate')}
          testId="insights-completion"
          captionTestId="insights-completion-change"
          icon={<Activity className={icon} />}
          value={data ? formatPercent(data.completionRate) : undefined}
          caption={data ? pointsChangeText(data.completionChange) : ''}
        />
        <StatCard
          title={t('insights.analytics')}
          testId="insights-reports"
          captionTestId="insights-reports-change"
          icon={<BarChart3 className={icon} />}
          value={formatNumber(data?.reportsGenerated)}
          caption={
            data
              ? t('insights.reportsGenerated', { change: countChangeText(data.reportsChange) })
              : ''
          }
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity stats={data} role={role} />
        <UpcomingGoals stats={data} role={role} />
      </div>
      <ObservationCenterCard stats={data} role={role} />
    </div>
  );
}

function ObservationCenterCard({ stats, role }: { stats: InsightsStats | undefined; role?: Role }) {
  const { t } = useTranslation();
  const center = stats?.observationCenter;
  const figures: [string, string, number | undefined][] = [
    [t('insights.activeObservations'), 'center-active', center?.activeObservations],
    [t('insights.completedToday'), 'center-completed', center?.completedToday],
    [t('insights.openAlerts'), 'center-alerts', center?.alerts],
    [t('insights.cameras'), 'center-cameras', center?.cameras],
  ];
  return (
    <Card testId="observation-center" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('insights.observationCenter')}</CardTitle>
        {platformWide(role) ? null : (
          <Link to="/library/observations" className={`${linkClass} text-sm`}>
            {t('insights.allObservations')}
          </Link>
        )}
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {figures.map(([label, testId, value]) => (
          <div key={testId} className="rounded-md bg-slate-50 p-4 text-center dark:bg-slate-900">
            <p data-testid={testId} className="text-2xl font-bold">
              {value === undefined ? '–' : formatNumber(value)}
            </p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{label}</p>
          </div>
        ))}
      </div>
    </Card>
  );
}
