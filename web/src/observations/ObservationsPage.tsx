import { ObservationSettings, type ObservationSummary } from '@hub/proto';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useForm } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { ClipboardList, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { loadedRows } from '../api/paging';
import { currentUserQuery } from '../api/queries';
import { useSearchText } from '../ui/useSearchText';
import { readableIssue } from '../api/error-text';
import { submitForm } from '../forms/contractForm';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { formatPercent } from '../i18n/format';
import { emptyListText } from '../ui/emptyList';
import { LoadMore } from '../ui/LoadMore';
import { Spinner } from '../ui/Spinner';
import { inputClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import {
  COUNTERS,
  countersText,
  findingsText,
  isTrainingEditor,
  observationStatusBadge,
  scoreText,
} from './format';
import { useSavePassMark } from './mutations';
import { observationSettingsQuery, observationsQuery } from './queries';
import { StartObservationDialog } from './StartObservationDialog';
import { useTranslation } from 'react-i18next';

/** /library/observations: every observation of the organization, searchable, with counters. */
export function ObservationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { text: searchText, setText: setSearchText, search } = useSearchText();
  const [creating, setCreating] = useState(false);
  const list = useInfiniteQuery(observationsQuery(search));

  const { rows: observations, totalCount } = loadedRows(
    list.data?.pages,
    (page) => page.observations,
  );
  const counters = list.data?.pages[0]?.counters ?? {
    open: 0,
    inProgress: 0,
    resolved: 0,
    total: 0,
  };
  const empty = list.isSuccess && observations?.length === 0;
  const emptyText = emptyListText({
    noun: 'observations',
    search,
    title: t('observations.empty'),
    hint: '',
  });

  return (
    <div data-testid="observations-page" className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('observations.title')}</h1>
          <p className="text-slate-500 dark:text-slate-400">{t('observations.subtitle')}</p>
        </div>
        <PassMark />
      </header>

      <section aria-label={t('observations.countersLabel')} className="space-y-2">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {COUNTERS.map((key) => (
            <Card key={key} testId={`counter-${key}`} className="p-4">
              <p
                className="text-sm text-slate-500 dark:text-slate-400"
                title={t(`observations.counters.${key}Meaning`)}
              >
                {t(`observations.counters.${key}`)}
              </p>
              <p className="text-2xl font-bold" data-testid={`counter-${key}-value`}>
                {counters[key]}
              </p>
            </Card>
          ))}
        </div>
        <p className="sr-only">{countersText(counters)}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('observations.counters.legend')}
        </p>
      </section>

      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-[200px] flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label={t('observations.searchLabel')}
            data-testid="observation-search"
            placeholder={t('observations.searchPlaceholder')}
            value={searchText}
            maxLength={200}
            onChange={(event) => setSearchText(event.target.value)}
            className={`${inputClass} pl-9`}
          />
        </div>
        <button
          type="button"
          data-testid="new-observation"
          onClick={() => setCreating(true)}
          className={`${smallButtonClass} h-10`}
        >
          <Plus className="size-4" /> {t('observations.newObservation')}
        </button>
      </div>

      <div data-testid="observation-list" aria-busy={list.isFetching} className="space-y-3">
        {list.isPending && (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        )}
        {list.isError && (
          <p role="alert" className="text-sm text-red-600">
            {t('observations.loadFailed')}
          </p>
        )}
        {empty && (
          <div
            data-testid="observations-empty"
            className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
          >
            <ClipboardList aria-hidden className="mx-auto mb-3 size-10 text-slate-400" />
            <p className="font-medium">{emptyText.title}</p>
            {emptyText.clearLabel === null ? (
              <button
                type="button"
                data-testid="create-first-observation"
                onClick={() => setCreating(true)}
                className={`${smallButtonClass} mt-4`}
              >
                <Plus className="size-4" /> {t('observations.createFirst')}
              </button>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-500">{emptyText.hint}</p>
                <button
                  type="button"
                  data-testid="observations-empty-clear"
                  onClick={() => setSearchText('')}
                  className={`${smallOutlineButtonClass} mt-4`}
                >
                  {emptyText.clearLabel}
                </button>
              </>
            )}
          </div>
        )}
        {observations?.map((observation) => (
          <ObservationRow
            key={observation.id}
            observation={observation}
            onOpen={() =>
              void navigate({ to: '/observation/$id', params: { id: String(observation.id) } })
            }
          />
        ))}
        <LoadMore
          noun="observations"
          shown={observations?.length ?? 0}
          total={totalCount}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </div>

      <StartObservationDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function ObservationRow({
  observation,
  onOpen,
}: {
  observation: ObservationSummary;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const status = observationStatusBadge(observation.status);
  const score = scoreText(observation.score, observation.passed);
  return (
    <button
      type="button"
      data-testid="observation-row"
      data-observation-id={observation.id}
      data-status={observation.status}
      onClick={onOpen}
      className="flex w-full flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-left hover:border-blue-400 dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="min-w-[220px] flex-1 space-y-1">
        <p className="font-medium" data-testid="observation-title">
          {observation.title}
        </p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          <span data-testid="observation-operator">{observation.operatorName}</span> ·{' '}
          {t('observations.observedBy', { name: observation.observerName })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={status.tone} testId="observation-status">
          {status.label}
        </Badge>
        <span data-testid="observation-score" className="min-w-[110px]">
          {score ? (
            <Badge tone={observation.passed ? 'green' : 'red'}>{score}</Badge>
          ) : (
            <span className="text-slate-500">
              {t('observations.answeredOf', {
                count: observation.totalQuestions,
                answered: observation.answered,
                total: observation.totalQuestions,
              })}
            </span>
          )}
        </span>
        <span data-testid="observation-findings" className="text-slate-500">
          {findingsText(observation.findingCount, observation.openFindings)}
        </span>
        <span className="text-slate-500">{formatDateTime(observation.startedAt)}</span>
      </div>
    </button>
  );
}

/**
 * The organization's pass mark; training editors may change it. Shown, disabled, while it loads:
 * arriving later it took a line of its own on a phone and pushed New Observation down, from
 * under a finger already on its way to it (a tap begun on the button ended beside it).
 */
export function PassMark() {
  const { t } = useTranslation();
  const role = useQuery(currentUserQuery).data?.role;
  const settings = useQuery(observationSettingsQuery);
  const current = settings.data?.passMark;

  // A read that failed after one that answered keeps the mark it read (and the layout).
  if (current === undefined && settings.isError) return null;
  if (!isTrainingEditor(role)) {
    return (
      <p
        data-testid="pass-mark"
        aria-busy={current === undefined}
        className="text-sm text-slate-500 dark:text-slate-400"
      >
        {t('observations.passMark.label')}{' '}
        <span className="font-semibold">
          {current === undefined ? t('common.loading') : formatPercent(current)}
        </span>
      </p>
    );
  }
  // A new saved mark starts the form again from it.
  return <PassMarkForm key={current ?? 'loading'} current={current} />;
}

/** The pass mark's form: the contract's schema checks it, its problem shown as a toast. */
function PassMarkForm({ current }: { current: number | undefined }) {
  const { t } = useTranslation();
  const save = useSavePassMark();
  const loading = current === undefined;
  const form = useForm({
    defaultValues: { passMark: loading ? '' : String(current) },
    validators: { onSubmit: ({ value }) => ObservationSettings.safeParse(value).error?.issues[0] },
    onSubmitInvalid: ({ value }) => {
      const issue = ObservationSettings.safeParse(value).error?.issues[0];
      toast({
        title: t('observations.passMark.invalid'),
        description: readableIssue(issue) ?? t('observations.passMark.invalidDescription'),
        variant: 'destructive',
      });
    },
    onSubmit: ({ value }) => save.mutate(ObservationSettings.parse(value).passMark),
  });

  return (
    <form
      onSubmit={submitForm(form)}
      data-testid="pass-mark"
      aria-busy={loading}
      className="flex items-center gap-2 text-sm"
    >
      <label
        htmlFor="pass-mark-input"
        className="whitespace-nowrap text-slate-500 dark:text-slate-400"
      >
        {t('observations.passMark.input')}
      </label>
      <form.Field name="passMark">
        {(field) => (
          <>
            <input
              id="pass-mark-input"
              type="number"
              min={1}
              max={100}
              value={field.state.value}
              disabled={loading}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              className={`${inputClass} h-8 w-20`}
            />
            <button
              type="submit"
              disabled={loading || save.isPending || field.state.value === String(current)}
              className={smallOutlineButtonClass}
            >
              {t('observations.passMark.save')}
            </button>
          </>
        )}
      </form.Field>
    </form>
  );
}
