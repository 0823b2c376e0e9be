import { type VersionAcknowledgement } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { Card } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { smallButtonClass } from '../ui/styles';
import { AcknowledgedNote } from './AcknowledgeVersion';
import { useAcknowledgeOnChangesPage } from './mutations';
import { ChangeRow } from './VersionDiffView';
import { diffSummaryText } from './versions';
import { acknowledgementQuery } from './queries';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

/**
 * /library/documents/$id/acknowledge, where the new-version notification leads: what changed in
 * the SOP since the version before, and the Acknowledge button for the people asked to confirm it
 * (operators included, who cannot open the library itself).
 */
export function AcknowledgePage({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const acknowledgement = useQuery(acknowledgementQuery(documentId));
  return (
    <div data-testid="acknowledge-page" className="mx-auto max-w-4xl space-y-6">
      {acknowledgement.isPending && documentId > 0 ? (
        <LoadingRow label={t('library.acknowledge.loading')} />
      ) : acknowledgement.data ? (
        <VersionToAcknowledge acknowledgement={acknowledgement.data} />
      ) : (
        <p role="alert" className="text-sm text-red-600">
          {isApiError(acknowledgement.error, 404) || !(documentId > 0)
            ? t('library.acknowledge.nothing')
            : t('library.acknowledge.loadFailed', {
                message: readableErrorMessage(acknowledgement.error),
              })}
        </p>
      )}
    </div>
  );
}

function VersionToAcknowledge({ acknowledgement }: { acknowledgement: VersionAcknowledgement }) {
  const { t } = useTranslation();
  const { diff } = acknowledgement;
  const changes = diff?.changes.filter((entry) => entry.status !== 'unchanged') ?? [];
  return (
    <>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold" data-testid="acknowledge-title">
          {acknowledgement.title}
        </h1>
        <p className="text-slate-500 dark:text-slate-400">
          {t('library.acknowledge.version', { version: acknowledgement.version })}
          {acknowledgement.changeNote ? ` · ${acknowledgement.changeNote}` : ''}
        </p>
      </header>
      <AcknowledgeCard acknowledgement={acknowledgement} />
      <Card className="space-y-3" testId="acknowledge-changes">
        <h2 className="font-semibold">{t('library.acknowledge.whatChanged')}</h2>
        {diff === null ? (
          <p className="text-sm text-slate-500">
            {acknowledgement.version === 1
              ? t('library.acknowledge.firstVersion')
              : t('library.acknowledge.changesLater')}
          </p>
        ) : (
          <>
            <p className="text-sm font-medium">{diffSummaryText(diff.summary)}</p>
            <ol className="space-y-2">
              {changes.map((entry, index) => (
                <ChangeRow key={index} entry={entry} />
              ))}
            </ol>
          </>
        )}
      </Card>
    </>
  );
}

function AcknowledgeCard({ acknowledgement }: { acknowledgement: VersionAcknowledgement }) {
  const { t } = useTranslation();
  const { documentId, version } = acknowledgement;
  const acknowledge = useAcknowledgeOnChangesPage(documentId, version);
  if (acknowledgement.acknowledgedAt) {
    return (
      <AcknowledgedNote
        version={acknowledgement.version}
        at={acknowledgement.acknowledgedAt}
        testId="acknowledged"
      />
    );
  }
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>
        {acknowledgement.mustAcknowledge
          ? t('library.acknowledge.mustAcknowledge')
          : t('library.acknowledge.mayAcknowledge')}
      </p>
      <button
        type="button"
        data-testid="acknowledge-button"
        disabled={acknowledge.isPending}
        onClick={() => acknowledge.mutate()}
        className={smallButtonClass}
      >
        {t('library.acknowledge.button')}
      </button>
    </Card>
  );
}
