import type { FloorStats } from '@hub/proto';
import { AlertTriangle, Factory, Gauge, Users } from 'lucide-react';
import { readableFailureReason } from '../api/failure-reason';
import { StatCard } from '../ui/StatCard';
import { alertText, operationalPercent } from './format';
import { formatNumber, formatPercent } from '../i18n/format';
import { useTranslation } from 'react-i18next';

/** Active Stations, Workers Present, Utilization Rate and Active Alerts. */
export function FloorCards({ stats }: { stats: FloorStats | undefined }) {
  const { t } = useTranslation();
  const icon = 'size-5 text-slate-400';
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title={t('floor.cards.stations')}
        testId="floor-active-stations"
        icon={<Factory className={icon} />}
        value={stats ? `${stats.activeStations}/${stats.totalStations}` : undefined}
        caption={
          stats
            ? t('floor.cards.operational', { percent: formatPercent(operationalPercent(stats)) })
            : t('floor.cards.operationalCaption')
        }
      />
      <StatCard
        title={t('floor.cards.workers')}
        testId="floor-workers-present"
        icon={<Users className={icon} />}
        value={formatNumber(stats?.workersPresent)}
        caption={t('floor.cards.workersCaption', { minutes: stats?.presenceWindowMinutes ?? 15 })}
      />
      <StatCard
        title={t('floor.cards.utilization')}
        testId="floor-utilization"
        icon={<Gauge className={icon} />}
        value={stats ? formatPercent(stats.utilizationRate) : undefined}
        caption={t('floor.cards.utilizationCaption')}
      >
        <div className="mt-3 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
          <div
            className="h-2 rounded-full bg-blue-600"
            style={{ width: `${stats?.utilizationRate ?? 0}%` }}
          />
        </div>
      </StatCard>
      <StatCard
        title={t('floor.cards.alerts')}
        testId="floor-alerts"
        icon={<AlertTriangle className={icon} />}
        value={formatNumber(stats?.alertsCount)}
        caption={t('floor.cards.alertsCaption')}
      >
        {stats && stats.alerts.length > 0 ? (
          <ul className="mt-2 space-y-1 text-xs [overflow-wrap:anywhere] text-red-700 dark:text-red-400">
            {stats.alerts.slice(0, 3).map((alert, index) => (
              <li
                key={`${index}:${alert.message}`}
                title={
                  alert.params.detail === undefined
                    ? undefined
                    : readableFailureReason(alert.params.detail)
                }
              >
                {alertText(alert)}
              </li>
            ))}
          </ul>
        ) : null}
      </StatCard>
    </div>
  );
}
