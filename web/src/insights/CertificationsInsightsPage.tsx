import { type CertificationState, type CertificationSummary } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { CertificationPages } from '../certifications/CertificationPages';
import { CertificationRow } from '../certifications/CertificationRow';
import { stateLabel } from '../certifications/format';
import { certificationsQuery } from '../certifications/queries';
import { Card, CardTitle } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { linkClass } from '../ui/styles';
import { axisProps, CHART_COLOURS, ChartCard, tooltipProps } from './charts';
import { certificationInsightsQuery } from './queries';
import { parseCertificationsSearch } from './search';
import { formatMonth, formatNumber } from '../i18n/format';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

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
  const { t } = useTranslation();
  const { state } = parseCertificationsSearch(useSearch({ strict: false }));
  const months = useQuery(certificationInsightsQuery);
  const list = useQuery(certificationsQuery(state));
  const summary = list.data?.summary;
  return (
    <div data-testid="certifications-insights-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('insights.certifications.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">
          {t('insights.certifications.subtitle')}
        </p>
      </header>
      {months.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('insights.certifications.loadFailed', { message: readableErrorMessage(months.error) })}
        </p>
      ) : null}
      <nav
        aria-label={t('insights.certifications.states')}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      >
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
        title={t('insights.certifications.byMonth')}
        testId="certifications-by-month"
        loading={months.data === undefined}
        empty={months.data?.months.every((m) => m.issued + m.expiring + m.overdue === 0) ?? true}
        emptyText={t('insights.certifications.none')}
      >
        <BarChart data={months.data?.months}>
          <CartesianGrid stroke={CHART_COLOURS.grid} />
          <XAxis dataKey="month" tickFormatter={formatMonth} {...axisProps} />
          <YAxis allowDecimals={false} {...axisProps} />
          <Tooltip {...tooltipProps} labelFormatter={(month) => formatMonth(String(month))} />
          <Legend />
          <Bar
            dataKey="issued"
            name={t('insights.certifications.issued')}
            fill={CHART_COLOURS.green}
          />
          <Bar
            dataKey="expiring"
            name={t('insights.certifications.expiring')}
            fill={CHART_COLOURS.amber}
          />
          <Bar
            dataKey="overdue"
            name={t('insights.certifications.overdueAtMonthEnd')}
            fill={CHART_COLOURS.red}
          />
        </BarChart>
      </ChartCard>
      <Card testId="certifications-rows" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            {state
              ? t('insights.certifications.ofState', { state: stateLabel(state) })
              : t('insights.certifications.all')}
          </CardTitle>
          {state ? (
            <Link to={PAGE} search={{}} className={`${linkClass} text-sm`}>
              {t('insights.showAll')}
            </Link>
          ) : null}
        </div>
        {list.isPending ? (
          <LoadingRow label={t('insights.certifications.loading')} />
        ) : list.isError ? (
          <p className="text-sm text-red-600">{t('insights.certifications.listFailed')}</p>
        ) : list.data.certifications.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t('insights.certifications.empty')}
          </p>
        ) : (
          // Another state's pages start again: none loaded, none asked.
          <CertificationPages key={state ?? 'all'} first={list.data} state={state} searched="">
            {(certifications) => (
              <ul className="space-y-2">
                {certifications.map((certification) => (
                  <CertificationRow key={certification.id} certification={certification} />
                ))}
              </ul>
            )}
          </CertificationPages>
        )}
      </Card>
    </div>
  );
}
