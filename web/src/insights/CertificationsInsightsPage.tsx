import { type CertificationState, type CertificationSummary } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { CertificationRow } from '../certifications/CertificationRow';
import { stateLabel } from '../certifications/format';
import { certificationsQuery } from '../certifications/queries';
import { Card, CardTitle } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { linkClass } from '../ui/styles';
import { axisProps, CHART_COLOURS, ChartCard, tooltipProps } from './charts';
import { certificationInsightsQuery } from './queries';
import { parseCertificationsSearch } from './search';
import { formatNumber } from '../i18n/format';

const PAGE = '/insights/certifications';

/** The counters of GET /api/certifications behind each state. */
const STATE_COUNTS: [CertificationState, keyof CertificationSummary][] = [
  ['active', 'active'],
  ['expiring_soon', 'expiringSoon'],
  ['expired', 'overdue'],
  ['revoked', 'revoked'],
];

/** /insights/certifications: issued, expiring and overdue by month, and the rows by state. */
export function CertificationsInsightsPage() {
  const { state } = parseCertificationsSearch(useSearch({ strict: false }));
  const months = useQuery(certificationInsightsQuery);
  const list = useQuery(certificationsQuery(state));
  const summary = list.data?.summary;
  return (
    <div data-testid="certifications-insights-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Certifications Insights</h1>
        <p className="text-slate-500 dark:text-slate-400">
          Certifications issued, falling due and overdue by month, as the records stand today (a
          renewal moves a certification's dates). Choose a state to list its certifications.
        </p>
      </header>
      {months.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The certification figures could not be loaded: {months.error.message}
        </p>
      ) : null}
      <nav aria-label="Certification states" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STATE_COUNTS.map(([key, count]) => (
          <Link
            key={key}
            to={PAGE}
            search={{ state: key }}
            data-testid={`cert-state-${key}`}
            aria-current={state === key ? 'true' : undefined}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-400 aria-[current]:border-blue-600 dark:border-slate-800 dark:bg-slate-950"
          >
            <span className="text-sm text-slate-600 dark:text-slate-300">{stateLabel(key)}</span>
            <span className="mt-1 block text-2xl font-bold">
              {summary ? formatNumber(summary[count]) : '…'}
            </span>
          </Link>
        ))}
      </nav>
      <ChartCard
        title="By month"
        testId="certifications-by-month"
        loading={months.data === undefined}
        empty={months.data?.months.every((m) => m.issued + m.expiring + m.overdue === 0) ?? true}
        emptyText="No certifications yet"
      >
        <BarChart data={months.data?.months}>
          <CartesianGrid stroke={CHART_COLOURS.grid} />
          <XAxis dataKey="month" {...axisProps} />
          <YAxis allowDecimals={false} {...axisProps} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar dataKey="issued" name="Issued" fill={CHART_COLOURS.green} />
          <Bar dataKey="expiring" name="Expiring" fill={CHART_COLOURS.amber} />
          <Bar dataKey="overdue" name="Overdue at month end" fill={CHART_COLOURS.red} />
        </BarChart>
      </ChartCard>
      <Card testId="certifications-rows" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            {state ? `${stateLabel(state)} certifications` : 'All certifications'}
          </CardTitle>
          {state ? (
            <Link to={PAGE} search={{}} className={`${linkClass} text-sm`}>
              Show all
            </Link>
          ) : null}
        </div>
        {list.isPending ? (
          <LoadingRow label="Loading certifications..." />
        ) : list.isError ? (
          <p className="text-sm text-red-600">Failed to load certifications</p>
        ) : list.data.certifications.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No certifications</p>
        ) : (
          <ul className="space-y-2">
            {list.data.certifications.map((certification) => (
              <CertificationRow key={certification.id} certification={certification} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
