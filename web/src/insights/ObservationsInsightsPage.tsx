import type { ObservationInsightsPage } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardTitle } from '../ui/Card';
import { formatDate, formatDateTime } from '../ui/dates';
import { formatNumber, formatPercent } from '../i18n/format';
import { currentUserQuery } from '../api/queries';
import { linkClass } from '../ui/styles';
import { axisLabel, platformWide } from './format';
import {
  axisProps,
  axisTextWidth,
  CATEGORY_AXIS_WIDTH,
  CATEGORY_LABEL_WIDTH,
  CHART_COLOURS,
  ChartCard,
  tooltipProps,
} from './charts';
import { cellClass, InsightTable, rowClass } from './InsightTable';
import { observationInsightsQuery } from './queries';
import { type ObservationsSearch, parseObservationsSearch } from './search';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { readableErrorMessage } from '../api/errors';

const PAGE = '/insights/observations';

/** /insights/observations: the last 12 weeks of observations, and the rows behind each figure. */
export function ObservationsInsightsPage() {
  const { t } = useTranslation();
  const filter = parseObservationsSearch(useSearch({ strict: false }));
  const { data, isError, error } = useQuery(observationInsightsQuery(filter));
  const loading = data === undefined;
  return (
    <div data-testid="observations-insights-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('insights.observations.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">{t('insights.observations.subtitle')}</p>
      </header>
      {isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('insights.observations.loadFailed', { message: readableErrorMessage(error) })}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title={t('insights.observations.trend')}
          testId="observations-trend"
          loading={loading}
          empty={!data?.trend.some((week) => week.completed > 0)}
          emptyText={t('insights.observations.noTrend')}
        >
          <LineChart data={data?.trend.map((week) => ({ ...week, week: formatDate(week.week) }))}>
            <CartesianGrid stroke={CHART_COLOURS.grid} />
            <XAxis dataKey="week" {...axisProps} />
            <YAxis allowDecimals={false} {...axisProps} />
            <Tooltip {...tooltipProps} />
            <Legend />
            <Line
              dataKey="completed"
              name={t('insights.observations.completed')}
              stroke={CHART_COLOURS.blue}
            />
            <Line
              dataKey="passed"
              name={t('insights.observations.passed')}
              stroke={CHART_COLOURS.green}
            />
          </LineChart>
        </ChartCard>
        <ChartCard
          title={t('insights.observations.passRateBySop')}
          testId="observations-by-sop-chart"
          loading={loading}
          empty={data?.bySop.length === 0}
          emptyText={t('insights.observations.noSop')}
        >
          <BarChart data={data?.bySop} layout="vertical" margin={{ left: 24 }}>
            <CartesianGrid stroke={CHART_COLOURS.grid} />
            <XAxis type="number" domain={[0, 100]} unit="%" {...axisProps} />
            <YAxis
              type="category"
              dataKey="title"
              width={CATEGORY_AXIS_WIDTH}
              tickFormatter={(title: string) =>
                axisLabel(title, CATEGORY_LABEL_WIDTH, axisTextWidth)
              }
              {...axisProps}
            />
            <Tooltip {...tooltipProps} />
            <Bar
              dataKey="passRate"
              name={t('insights.observations.passRatePercent')}
              fill={CHART_COLOURS.green}
            />
          </BarChart>
        </ChartCard>
      </div>
      {data ? <Breakdowns data={data} filter={filter} /> : null}
      {data ? <ObservationRows data={data} filter={filter} /> : null}
    </div>
  );
}

function Breakdowns({
  data,
  filter,
}: {
  data: ObservationInsightsPage;
  filter: ObservationsSearch;
}) {
  const { t } = useTranslation();
  const chosen = (search: ObservationsSearch) =>
    search.documentId === filter.documentId &&
    search.observerId === filter.observerId &&
    search.questionId === filter.questionId;
  const choose = (search: ObservationsSearch, label: string, testId: string) => (
    <Link
      to={PAGE}
      search={search}
      data-testid={testId}
      aria-current={chosen(search) ? 'true' : undefined}
      // Long names and titles break anywhere: the three tables share a desktop's row.
      className={`${linkClass} wrap-anywhere`}
    >
      {label}
    </Link>
  );
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card testId="observations-by-sop" className="space-y-3">
        <CardTitle>{t('insights.observations.bySop')}</CardTitle>
        <InsightTable
          headings={[
            t('insights.observations.sop'),
            t('insights.observations.observed'),
            t('insights.observations.passRate'),
          ]}
        >
          {data.bySop.map((sop) => (
            <tr key={sop.documentId} className={rowClass}>
              <td className={cellClass}>
                {choose({ documentId: sop.documentId }, sop.title, `sop-${sop.documentId}`)}
              </td>
              <td className={cellClass}>{sop.observations}</td>
              <td className={cellClass}>{formatPercent(sop.passRate)}</td>
            </tr>
          ))}
        </InsightTable>
      </Card>
      <Card testId="observations-by-observer" className="space-y-3">
        <CardTitle>{t('insights.observations.byObserver')}</CardTitle>
        <InsightTable
          headings={[
            t('insights.observations.observer'),
            t('insights.observations.observed'),
            t('insights.observations.passRate'),
          ]}
        >
          {data.byObserver.map((observer) => (
            <tr key={observer.observerId} className={rowClass}>
              <td className={cellClass}>
                {choose(
                  { observerId: observer.observerId },
                  observer.name,
                  `observer-${observer.observerId}`,
                )}
              </td>
              <td className={cellClass}>{observer.observations}</td>
              <td className={cellClass}>{formatPercent(observer.passRate)}</td>
            </tr>
          ))}
        </InsightTable>
      </Card>
      <Card testId="observations-most-missed" className="space-y-3">
        <CardTitle>{t('insights.observations.mostMissed')}</CardTitle>
        {data.mostMissed.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t('insights.observations.noneMissed')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-900">
            {data.mostMissed.map((question) => (
              <li key={`${question.documentId}:${question.questionId}`} className="py-2">
                {choose(
                  { documentId: question.documentId, questionId: question.questionId },
                  question.text,
                  `missed-${question.documentId}-${question.questionId}`,
                )}
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('insights.observations.missed', {
                    sop: question.sopTitle,
                    missed: formatNumber(question.missed),
                    answered: formatNumber(question.answered),
                    rate: formatPercent(question.missRate),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** What the rows list: the chosen figure, in words. */
function filterTitle(data: ObservationInsightsPage, filter: ObservationsSearch): string {
  const sop = data.bySop.find((entry) => entry.documentId === filter.documentId)?.title;
  const question = data.mostMissed.find(
    (entry) => entry.documentId === filter.documentId && entry.questionId === filter.questionId,
  );
  if (question) return i18n.t('insights.observations.thatMissed', { question: question.text });
  if (filter.observerId !== undefined) {
    const observer = data.byObserver.find((entry) => entry.observerId === filter.observerId);
    return i18n.t('insights.observations.by', {
      name: observer?.name ?? i18n.t('insights.observations.thisObserver'),
    });
  }
  if (filter.documentId !== undefined) {
    return i18n.t('insights.observations.of', {
      sop: sop ?? i18n.t('insights.observations.thisSop'),
    });
  }
  return i18n.t('insights.observations.latest');
}

function ObservationRows({
  data,
  filter,
}: {
  data: ObservationInsightsPage;
  filter: ObservationsSearch;
}) {
  const { t } = useTranslation();
  const filtered = Object.values(filter).some((value) => value !== undefined);
  const links = !platformWide(useQuery(currentUserQuery).data?.role);
  return (
    <Card testId="observations-rows" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{filterTitle(data, filter)}</CardTitle>
        {filtered ? (
          <Link to={PAGE} search={{}} className={`${linkClass} text-sm`}>
            {t('insights.showAll')}
          </Link>
        ) : null}
      </div>
      {data.rows.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('insights.observations.none')}
        </p>
      ) : (
        <InsightTable
          headings={[
            t('insights.observations.completed'),
            t('insights.observations.sop'),
            t('insights.observations.operator'),
            t('insights.observations.observer'),
            t('insights.observations.score'),
          ]}
        >
          {data.rows.map((row) => (
            <tr key={row.id} data-testid="observation-row" className={rowClass}>
              <td className={cellClass}>
                {links ? (
                  <Link to="/observation/$id" params={{ id: String(row.id) }} className={linkClass}>
                    {formatDateTime(row.completedAt)}
                  </Link>
                ) : (
                  formatDateTime(row.completedAt)
                )}
              </td>
              <td className={cellClass}>{row.sop}</td>
              <td className={cellClass}>{row.operator}</td>
              <td className={cellClass}>{row.observer}</td>
              <td className={cellClass}>
                {row.passed
                  ? t('insights.observations.scorePassed', { score: formatPercent(row.score) })
                  : t('insights.observations.scoreNotPassed', { score: formatPercent(row.score) })}
              </td>
            </tr>
          ))}
        </InsightTable>
      )}
    </Card>
  );
}
