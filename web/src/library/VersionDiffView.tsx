import type { DocumentVersionList, StepChange } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { Field } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { selectClass } from '../ui/styles';
import { defaultComparison, diffSummaryText } from './versions';
import { versionDiffQuery } from './queries';

/** Two versions side by side as a list of what changed, step by step. */
export function VersionDiffView({ list }: { list: DocumentVersionList }) {
  const { t } = useTranslation();
  const initial = defaultComparison(list);
  const [from, setFrom] = useState(initial?.from ?? 1);
  const [to, setTo] = useState(initial?.to ?? list.currentVersion);
  const [showUnchanged, setShowUnchanged] = useState(false);
  const diff = useQuery({ ...versionDiffQuery(list.documentId, from, to), enabled: from !== to });
  if (!initial) return null;
  const numbers = list.versions.map((version) => version.version);
  const shown = diff.data?.changes.filter((entry) => showUnchanged || entry.status !== 'unchanged');
  return (
    <section className="space-y-3" data-testid="version-diff">
      <h3 className="text-sm font-semibold">{t('library.diff.compare')}</h3>
      <div className="flex flex-wrap items-end gap-3">
        <Field id="diff-from" label={t('library.diff.from')}>
          <select
            id="diff-from"
            value={from}
            onChange={(event) => setFrom(Number(event.target.value))}
            className={clsx(selectClass, 'w-32')}
          >
            {numbers.map((n) => (
              <option key={n} value={n}>
                {t('library.diff.version', { version: n })}
              </option>
            ))}
          </select>
        </Field>
        <Field id="diff-to" label={t('library.diff.to')}>
          <select
            id="diff-to"
            value={to}
            onChange={(event) => setTo(Number(event.target.value))}
            className={clsx(selectClass, 'w-32')}
          >
            {numbers.map((n) => (
              <option key={n} value={n}>
                {t('library.diff.version', { version: n })}
              </option>
            ))}
          </select>
        </Field>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={showUnchanged}
            onChange={(event) => setShowUnchanged(event.target.checked)}
          />
          {t('library.diff.showUnchanged')}
        </label>
      </div>
      {from === to && <p className="text-sm text-slate-500">{t('library.diff.chooseTwo')}</p>}
      {from !== to && diff.isPending && <Spinner />}
      {diff.isError && (
        <p role="alert" data-testid="version-diff-error" className="text-sm text-slate-500">
          {isApiError(diff.error, 404) ? diff.error.message : t('library.diff.failed')}
        </p>
      )}
      {diff.data && shown && (
        <>
          <p className="text-sm font-medium" data-testid="version-diff-summary">
            {diffSummaryText(diff.data.summary)}
          </p>
          <ol className="space-y-2">
            {shown.map((entry, index) => (
              <ChangeRow key={index} entry={entry} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

export function ChangeRow({ entry }: { entry: StepChange }) {
  const { t } = useTranslation();
  const change = t(`library.diff.change.${entry.status}.${entry.kind}`);
  return (
    <li
      data-testid="diff-entry"
      data-status={entry.status}
      data-kind={entry.kind}
      className={clsx(
        'rounded border-l-4 bg-slate-50 p-2 text-sm dark:bg-slate-900',
        entry.status === 'added' && 'border-green-600',
        entry.status === 'removed' && 'border-red-600',
        entry.status === 'changed' && 'border-amber-500',
        entry.status === 'unchanged' && 'border-slate-300 text-slate-500',
      )}
    >
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {entry.section && entry.kind !== 'heading'
          ? t('library.diff.inSection', { change, section: entry.section })
          : change}
      </p>
      <p className={clsx(entry.kind === 'heading' && 'font-semibold')}>
        {entry.words ? (
          entry.words.map((word, index) => (
            <span key={index}>
              {index > 0 && ' '}
              {word.change === 'same' && word.text}
              {word.change === 'removed' && (
                <del className="bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200">
                  {word.text}
                </del>
              )}
              {word.change === 'added' && (
                <ins className="bg-green-100 text-green-800 no-underline dark:bg-green-950 dark:text-green-200">
                  {word.text}
                </ins>
              )}
            </span>
          ))
        ) : entry.status === 'removed' ? (
          <del>{entry.before}</del>
        ) : (
          (entry.after ?? entry.before)
        )}
      </p>
    </li>
  );
}
