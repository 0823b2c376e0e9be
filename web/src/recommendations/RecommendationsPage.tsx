import { type RecommendationState } from '@hub/proto';
import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { CheckCircle2, Gauge, Lightbulb, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Skeleton } from '../ui/Card';
import { StatCard } from '../ui/StatCard';
import { readableErrorMessage } from '../api/errors';
import { formatDateTime } from '../ui/dates';
import { smallOutlineButtonClass } from '../ui/styles';
import { LoadMore } from '../ui/LoadMore';
import { loadedRows } from '../api/paging';
import { impactText, STATE_TABS } from './format';
import { useEvaluateRecommendations } from './mutations';
import { recommendationsQuery } from './queries';
import { RecommendationCard } from './RecommendationCard';
import { formatNumber } from '../i18n/format';
import { useTranslation } from 'react-i18next';

/** The rules engine's findings for the organization, with the spec's four figures. */
export function RecommendationsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RecommendationState>('active');
  const list = useInfiniteQuery(recommendationsQuery(tab));
  const evaluate = useEvaluateRecommendations();
  const { rows, totalCount } = loadedRows(list.data?.pages, (page) => page.recommendations);
  const shown = rows ?? [];
  // The latest page's figures and counts: each page answers them as they are then.
  const latest = list.data?.pages.at(-1);
  const figures = latest?.figures;

  return (
    <div data-testid="recommendations-page" className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('recommendations.title')}</h1>
          <p className="text-slate-500 dark:text-slate-400">{t('recommendations.subtitle')}</p>
          {latest?.evaluatedAt && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {t('recommendations.lastEvaluated', {
                time: formatDateTime(latest.evaluatedAt),
              })}
            </p>
          )}
        </div>
        <button
          type="button"
          data-testid="evaluate-recommendations"
          disabled={evaluate.isPending}
          onClick={() => evaluate.mutate()}
          className={smallOutlineButtonClass}
        >
          <RefreshCw
            aria-hidden
            className={clsx('size-3.5', evaluate.isPending && 'animate-spin')}
          />
          {t('recommendations.evaluate')}
        </button>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          testId="rec-active"
          title={t('recommendations.figures.active')}
          value={formatNumber(figures?.active)}
          caption={t('recommendations.figures.activeCaption')}
          icon={<Lightbulb aria-hidden className="size-5 text-blue-600" />}
        />
        <StatCard
          testId="rec-implemented"
          title={t('recommendations.figures.implemented')}
          value={formatNumber(figures?.implementedThisQuarter)}
          caption={t('recommendations.figures.implementedCaption')}
          icon={<CheckCircle2 aria-hidden className="size-5 text-green-600" />}
        />
        <StatCard
          testId="rec-high"
          title={t('recommendations.figures.high')}
          value={formatNumber(figures?.highPriority)}
          caption={t('recommendations.figures.highCaption')}
          icon={<TriangleAlert aria-hidden className="size-5 text-red-600" />}
        />
        <StatCard
          testId="rec-impact"
          title={t('recommendations.figures.impact')}
          value={figures ? impactText(figures.impactScore) : undefined}
          caption={t('recommendations.figures.impactCaption')}
          icon={<Gauge aria-hidden className="size-5 text-purple-600" />}
        />
      </div>
      <div
        role="tablist"
        className="flex flex-wrap gap-2 border-b border-slate-200 dark:border-slate-800"
      >
        {STATE_TABS.map((state) => (
          <button
            key={state}
            type="button"
            role="tab"
            aria-selected={tab === state}
            data-testid={`rec-tab-${state}`}
            onClick={() => setTab(state)}
            className={clsx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              tab === state
                ? 'border-blue-600 text-blue-600'
                : 'border-transparent text-slate-500 hover:text-slate-700 dark:text-slate-400',
            )}
          >
            {latest
              ? t('recommendations.tabCount', {
                  label: t(`recommendations.tabs.${state}`),
                  count: latest.counts[state],
                })
              : t(`recommendations.tabs.${state}`)}
          </button>
        ))}
      </div>
      {list.isPending && <Skeleton className="h-40" />}
      {list.isError && (
        <p role="alert" className="text-sm text-red-600">
          {t('recommendations.loadFailed', { message: readableErrorMessage(list.error) })}
        </p>
      )}
      {latest && shown.length === 0 && (
        <p data-testid="recommendations-empty" className="py-8 text-center text-slate-500">
          {tab === 'active' ? t('recommendations.emptyActive') : t(`recommendations.empty.${tab}`)}
        </p>
      )}
      <div className="space-y-4">
        {shown.map((recommendation) => (
          <RecommendationCard key={recommendation.id} recommendation={recommendation} />
        ))}
      </div>
      <LoadMore
        noun="recommendations"
        shown={shown.length}
        total={totalCount}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </div>
  );
}
