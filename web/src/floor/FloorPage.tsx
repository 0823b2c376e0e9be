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

/** /floor: live figures of the organization's floor, refreshed every few seconds. */
export function FloorPage() {
  const { data: stats, isError } = useQuery(floorStatsQuery);
  const role = useQuery(currentUserQuery).data?.role;
  return (
    <div data-testid="floor-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Floor View</h1>
        <p className="text-slate-500 dark:text-slate-400">
          Real-time floor status and environmental monitoring
        </p>
      </header>
      {isError ? (
        <p role="alert" className="text-sm text-red-600">
          The floor figures could not be loaded; retrying.
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
  const areas = Object.entries(stats?.areaBreakdown ?? {});
  return (
    <Card testId="area-breakdown" className="space-y-3 lg:col-span-2">
      <CardTitle>Area Breakdown</CardTitle>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800">
            <tr>
              <th className="py-2 pr-3">Area</th>
              <th className="py-2 pr-3">Workers</th>
              <th className="py-2">Status</th>
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
                <td className="py-2 pr-3 font-medium">{areaLabel(name)}</td>
                <td className="py-2 pr-3" data-testid="area-workers">
                  {area.workers}
                </td>
                <td className="py-2">
                  <Badge tone={STATUS_TONE[area.status]} testId="area-status">
                    {area.status}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {stats && areas.length === 0 ? (
        <p className="text-sm text-slate-500">No areas configured yet.</p>
      ) : null}
    </Card>
  );
}

function EnvironmentCard({ stats }: { stats: FloorStats | undefined }) {
  const text = stats ? environmentText(stats.environmentalStatus) : undefined;
  const rows: [string, string, string | undefined][] = [
    ['Temperature', 'env-temperature', text?.temperature],
    ['Humidity', 'env-humidity', text?.humidity],
    ['Noise Level', 'env-noise', text?.noiseLevel],
  ];
  return (
    <Card testId="environment" className="space-y-3">
      <CardTitle>Environmental Status</CardTitle>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, testId, value]) => (
          <div key={label} className="flex justify-between">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd data-testid={testId}>{value ?? '–'}</dd>
          </div>
        ))}
        <div className="flex justify-between">
          <dt className="text-slate-500 dark:text-slate-400">Air Quality</dt>
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
  const areas = Object.entries(stats?.areaBreakdown ?? {});
  return (
    <Card testId="floor-layout" className="space-y-4">
      <div className="flex items-center justify-between">
        <CardTitle>Floor Layout</CardTitle>
        <div className="flex gap-2">
          {/* The spec shows these buttons without their behaviour. */}
          <button
            type="button"
            className={smallOutlineButtonClass}
            disabled
            title="Not available yet"
          >
            Configure
          </button>
          <button
            type="button"
            className={smallOutlineButtonClass}
            disabled
            title="Not available yet"
          >
            Analytics
          </button>
        </div>
      </div>
      <div
        role="group"
        aria-label="Interactive Floor Map"
        className="grid grid-cols-2 gap-3 md:grid-cols-4"
      >
        {areas.map(([name, area]) => (
          <div
            key={name}
            data-testid="map-area"
            data-area={name}
            className={`rounded-md border-2 p-4 ${MAP_TONE[area.status]}`}
          >
            <p className="font-medium">{areaLabel(name)}</p>
            <p className="text-2xl font-bold" data-testid="map-workers">
              {area.workers}
            </p>
            <p className="text-xs">{area.status}</p>
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
