import { ORGANIZATION_ADMINS, type FloorStats } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/queries';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { smallOutlineButtonClass } from '../ui/styles';
import { FloorCards } from './FloorCards';
import { PrivacyCard } from './PrivacyCard';
import { airQualityTone, areaLabel, environmentText, STATUS_TONE } from './format';
import { floorStatsQuery } from './queries';
import { useTranslation } from 'react-i18next';

/** /floor: live figures of the organization's floor, refreshed every few seconds. */
export function FloorPage() {
  const { t } = useTranslation();
  const { data: stats, isError } = useQuery(floorStatsQuery);
  const role = useQuery(currentUserQuery).data?.role;
  return (
    <div data-testid="floor-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('floor.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">{t('floor.subtitle')}</p>
      </header>
      {isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('floor.loadFailed')}
        </p>
      ) : null}
      <FloorCards stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <AreaBreakdown stats={stats} />
        <EnvironmentCard stats={stats} />
      </div>
      <FloorMap stats={stats} />
      {role && ORGANIZATION_ADMINS.includes(role) ? <PrivacyCard /> : null}
    </div>
  );
}

function AreaBreakdown({ stats }: { stats: FloorStats | undefined }) {
  const { t } = useTranslation();
  const areas = Object.entries(stats?.areaBreakdown ?? {});
  return (
    <Card testId="area-breakdown" className="space-y-3 lg:col-span-2">
      <CardTitle>{t('floor.areas.title')}</CardTitle>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800">
            <tr>
              <th className="py-2 pr-3">{t('floor.areas.area')}</th>
              <th className="py-2 pr-3">{t('floor.areas.workers')}</th>
              <th className="py-2">{t('floor.areas.status')}</th>
            </tr>
          </thead>
          <tbody>
            {areas.map(([name, area]) => (
              <tr
                key={name}
                data-testid="area-row"
                data-area={name}
                className="border-b border-slate-100 dark:border-slate-900"
              >
                <td className="py-2 pr-3 font-medium [overflow-wrap:anywhere]">
                  {areaLabel(name)}
                </td>
                <td className="py-2 pr-3" data-testid="area-workers">
                  {area.workers}
                </td>
                <td className="py-2">
                  <Badge tone={STATUS_TONE[area.status]} testId="area-status">
                    {t(`floor.status.${area.status}`)}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {stats && areas.length === 0 ? (
        <p className="text-sm text-slate-500">{t('floor.areas.none')}</p>
      ) : null}
    </Card>
  );
}

function EnvironmentCard({ stats }: { stats: FloorStats | undefined }) {
  const { t } = useTranslation();
  const text = stats ? environmentText(stats.environmentalStatus) : undefined;
  const rows: [string, string, string | undefined][] = [
    [t('floor.environment.temperature'), 'env-temperature', text?.temperature],
    [t('floor.environment.humidity'), 'env-humidity', text?.humidity],
    [t('floor.environment.noise'), 'env-noise', text?.noiseLevel],
  ];
  return (
    <Card testId="environment" className="space-y-3">
      <CardTitle>{t('floor.environment.title')}</CardTitle>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, testId, value]) => (
          <div key={label} className="flex justify-between">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd data-testid={testId}>{value ?? '–'}</dd>
          </div>
        ))}
        <div className="flex justify-between">
          <dt className="text-slate-500 dark:text-slate-400">
            {t('floor.environment.airQuality')}
          </dt>
          <dd>
            <Badge
              tone={airQualityTone(stats?.environmentalStatus.airQuality ?? 'Unknown')}
              testId="env-air-quality"
            >
              {text?.airQuality ?? '–'}
            </Badge>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** A simple map: one tile per area, coloured by status, with its people count. */
function FloorMap({ stats }: { stats: FloorStats | undefined }) {
  const { t } = useTranslation();
  const areas = Object.entries(stats?.areaBreakdown ?? {});
  return (
    <Card testId="floor-layout" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('floor.layout.title')}</CardTitle>
        <div className="flex gap-2">
          {/* The spec shows these buttons without their behaviour. */}
          <button
            type="button"
            className={smallOutlineButtonClass}
            disabled
            title={t('floor.layout.notYet')}
          >
            {t('floor.layout.configure')}
          </button>
          <button
            type="button"
            className={smallOutlineButtonClass}
            disabled
            title={t('floor.layout.notYet')}
          >
            {t('floor.layout.analytics')}
          </button>
        </div>
      </div>
      <div
        role="group"
        aria-label={t('floor.layout.map')}
        className="grid grid-cols-2 gap-3 md:grid-cols-4"
      >
        {areas.map(([name, area]) => (
          <div
            key={name}
            data-testid="map-area"
            data-area={name}
            className={`min-w-0 rounded-md border-2 p-3 sm:p-4 ${MAP_TONE[area.status]}`}
          >
            {/* A name of 100 characters without a space fits a tile half a phone wide. */}
            <p className="font-medium [overflow-wrap:anywhere]">{areaLabel(name)}</p>
            <p className="text-2xl font-bold" data-testid="map-workers">
              {area.workers}
            </p>
            <p className="text-xs">{t(`floor.status.${area.status}`)}</p>
          </div>
        ))}
      </div>
    </Card>
  );
}

const MAP_TONE = {
  Operational: 'border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950/30',
  Maintenance: 'border-amber-300 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/30',
  Offline: 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/30',
} as const;
