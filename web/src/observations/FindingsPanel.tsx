import {
  CreateFindingRequest,
  FINDING_CATEGORIES,
  FINDING_NOTE_MAX_LENGTH,
  FINDING_SEVERITIES,
  type Finding,
  MAX_FINDINGS_PER_OBSERVATION,
  type ObservationSession,
} from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CheckCircle2, CloudOff, Flag, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { readableIssue } from '../api/error-text';
import { submitForm } from '../forms/contractForm';
import { TextField } from '../forms/TextField';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { Field } from '../ui/Field';
import { selectClass, smallOutlineButtonClass, textareaClass } from '../ui/styles';
import { severityTone } from './format';
import { useResolveFinding } from './mutations';
import { findingPagesQuery } from './queries';
import { newIdempotencyKey } from './sessionOutbox';
import type { SessionOutbox } from './useSessionOutbox';
import { useTranslation } from 'react-i18next';

interface FindingsPanelProps {
  session: ObservationSession;
  /** During the session new findings are recorded. */
  canRecord: boolean;
  /** From the completed summary findings are resolved. */
  canResolve: boolean;
  /** The live session's outbox: new findings are recorded through it. */
  outbox?: SessionOutbox;
}

export function FindingsPanel({ session, canRecord, canResolve, outbox }: FindingsPanelProps) {
  const { t } = useTranslation();
  const waiting = (outbox?.items ?? []).flatMap((item) => (item.kind === 'finding' ? [item] : []));
  // An observation recorded before the cap holds more than the session carries: the count is
  // the server's, of all of them, and the rest load page by page.
  const count = session.findingCount + waiting.length;
  const more = useLaterFindings(session);
  const listed = [...session.findings, ...more.findings];
  const shown = listed.length;

  const resolve = useResolveFinding(session.id);

  return (
    <Card testId="findings-panel" className="space-y-4">
      <CardTitle>{t('observations.finding.title', { count })}</CardTitle>
      {shown < session.findingCount && (
        <p data-testid="findings-truncated" className="text-sm text-slate-500 dark:text-slate-400">
          {t('observations.finding.firstShown', { shown, count: session.findingCount })}
        </p>
      )}
      {count === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('observations.finding.none')}
        </p>
      ) : (
        <ul className="space-y-2">
          {listed.map((finding) => (
            <FindingItem
              key={finding.id}
              finding={finding}
              onResolve={canResolve ? () => resolve.mutate(finding.id) : undefined}
              resolving={resolve.isPending}
            />
          ))}
          {waiting.map(({ key, body }) => (
            <li
              key={key}
              data-testid="pending-finding"
              className="space-y-1 rounded-md border border-dashed border-amber-400 p-3 text-sm dark:border-amber-700"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={severityTone(body.severity)}>
                  {t(`observations.finding.severities.${body.severity}`)}
                </Badge>
                <Badge tone="blue">{t(`observations.finding.categories.${body.category}`)}</Badge>
                <span
                  data-testid="waiting-to-send"
                  className="ml-auto inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-300"
                >
                  <CloudOff aria-hidden className="size-3.5" />{' '}
                  {t('observations.session.waitingToSend')}
                </span>
              </div>
              <p className="whitespace-pre-wrap">{body.note}</p>
            </li>
          ))}
        </ul>
      )}
      {more.failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('observations.finding.moreFailed')}
        </p>
      )}
      {more.hasMore && (
        <button
          type="button"
          data-testid="show-more-findings"
          disabled={more.loading}
          onClick={more.load}
          className={smallOutlineButtonClass}
        >
          {more.loading && <LoaderCircle aria-hidden className="size-3.5 animate-spin" />}
          {t('observations.finding.showMore')}
        </button>
      )}
      {canRecord &&
        outbox &&
        // Full: the server refuses another (409), so the form would only queue a refusal.
        (count < MAX_FINDINGS_PER_OBSERVATION ? (
          <RecordFinding outbox={outbox} />
        ) : (
          <p data-testid="findings-full" className="text-sm text-slate-500 dark:text-slate-400">
            {t('errors.observation_findings_limit', { limit: MAX_FINDINGS_PER_OBSERVATION })}
          </p>
        ))}
    </Card>
  );
}

/**
 * The findings past the session's, loaded a page at a time from the session's cursor once asked
 * for ("Show more findings"); pages already cached (this visit's) show at once.
 */
function useLaterFindings(session: ObservationSession) {
  const [asked, setAsked] = useState(false);
  const cursor = session.findingsCursor;
  const pages = useInfiniteQuery({
    ...findingPagesQuery(session.id, cursor),
    enabled: asked && cursor !== null,
  });
  const own = new Set(session.findings.map((finding) => finding.id));
  const loaded = cursor === null ? [] : (pages.data?.pages ?? []);
  return {
    // A finding recorded on this device after the session's cursor is listed once.
    findings: loaded.flatMap((page) => page.findings).filter((finding) => !own.has(finding.id)),
    hasMore: cursor !== null && (loaded.length === 0 || pages.hasNextPage),
    loading: pages.isFetching,
    failed: pages.isError,
    load: () => {
      if (!asked) setAsked(true);
      // After a failure the same button asks again.
      else if (loaded.length === 0) void pages.refetch();
      else void pages.fetchNextPage();
    },
  };
}

function FindingItem({
  finding,
  onResolve,
  resolving,
}: {
  finding: Finding;
  /** From the completed summary an open finding is resolved. */
  onResolve?: () => void;
  resolving: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="finding"
      data-status={finding.status}
      className="space-y-1 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={severityTone(finding.severity)}>
          {t(`observations.finding.severities.${finding.severity}`)}
        </Badge>
        <Badge tone="blue">{t(`observations.finding.categories.${finding.category}`)}</Badge>
        <Badge tone={finding.status === 'resolved' ? 'green' : 'amber'}>
          {finding.status === 'resolved'
            ? t('observations.finding.resolved')
            : t('observations.finding.open')}
        </Badge>
        <span className="ml-auto text-xs text-slate-500">{formatDateTime(finding.createdAt)}</span>
      </div>
      <p className="whitespace-pre-wrap">{finding.note}</p>
      {finding.status === 'open' && onResolve && (
        <button
          type="button"
          data-testid="resolve-finding"
          disabled={resolving}
          onClick={onResolve}
          className={smallOutlineButtonClass}
        >
          <CheckCircle2 className="size-3.5" /> {t('observations.finding.markResolved')}
        </button>
      )}
    </li>
  );
}

/** A new finding goes to the session's outbox (kept on the device until the server has it). */
function RecordFinding({ outbox }: { outbox: SessionOutbox }) {
  const { t } = useTranslation();
  // The contract's schema checks the finding; what is missing shows as a toast.
  const form = useForm({
    defaultValues: { severity: '', category: '', note: '' },
    validators: {
      onSubmit: ({ value }) => CreateFindingRequest.safeParse(value).error?.issues[0],
    },
    onSubmitInvalid: ({ value }) => {
      const issue = CreateFindingRequest.safeParse(value).error?.issues[0];
      toast({
        title: t('observations.finding.missing'),
        description: readableIssue(issue) ?? t('observations.finding.describe'),
        variant: 'destructive',
      });
    },
    onSubmit: ({ value }) => {
      const key = newIdempotencyKey();
      outbox.record({
        kind: 'finding',
        key,
        recordedAt: new Date().toISOString(),
        body: { ...CreateFindingRequest.parse(value), idempotencyKey: key },
      });
      form.setFieldValue('note', '');
    },
  });

  return (
    <form
      onSubmit={submitForm(form)}
      data-testid="record-finding"
      className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      noValidate
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <form.Field name="severity">
          {(field) => (
            <Field id="finding-severity" label={t('observations.finding.severity')}>
              <select
                id="finding-severity"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                className={selectClass}
              >
                <option value="">{t('observations.finding.chooseSeverity')}</option>
                {FINDING_SEVERITIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`observations.finding.severities.${value}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </form.Field>
        <form.Field name="category">
          {(field) => (
            <Field id="finding-category" label={t('observations.finding.category')}>
              <select
                id="finding-category"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                className={selectClass}
              >
                <option value="">{t('observations.finding.chooseCategory')}</option>
                {FINDING_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`observations.finding.categories.${value}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </form.Field>
      </div>
      <form.Field name="note">
        {(field) => (
          <TextField
            field={field}
            id="finding-note"
            label={t('observations.finding.note')}
            rows={2}
            maxLength={FINDING_NOTE_MAX_LENGTH}
            className={textareaClass.replace('font-mono ', '')}
            placeholder={t('observations.finding.notePlaceholder')}
          />
        )}
      </form.Field>
      <button type="submit" className={smallOutlineButtonClass}>
        <Flag className="size-3.5" /> {t('observations.finding.record')}
      </button>
    </form>
  );
}
