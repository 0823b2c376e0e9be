import { type MySopView } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CloudOff } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { isApiError } from '../api/client';
import { AcknowledgedNote } from '../library/AcknowledgeVersion';
import { MarkdownContent } from '../library/MarkdownContent';
import { Card } from '../ui/Card';
import { LoadingRow } from '../ui/ListStates';
import { smallButtonClass } from '../ui/styles';
import { useAcknowledgeSop } from './mutations';
import { mySopQuery, reasonText, type ReadSop } from './queries';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

const tabClass =
  'rounded px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-slate-50';

/**
 * /my-sops/$id: the current version of one of your SOPs (a course's, a job function's or a
 * certification's), read-only: its content with images, a PDF preview, and the Acknowledge
 * button when a new version waits for you.
 */
export function MySopPage({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const sop = useQuery(mySopQuery(documentId));
  return (
    <div data-testid="my-sop-page" className="mx-auto max-w-4xl space-y-6">
      {sop.isPending && documentId > 0 ? (
        <LoadingRow label={t('mySops.page.loading')} />
      ) : sop.data ? (
        <SopReader sop={sop.data} />
      ) : (
        <>
          <h1 className="text-2xl font-bold">{t('mySops.page.heading')}</h1>
          <p role="alert" data-testid="my-sop-error" className="text-sm text-red-600">
            {isApiError(sop.error, 404) || !(documentId > 0)
              ? (sop.error?.message ?? t('mySops.page.notFound'))
              : t('mySops.page.loadFailed', { message: readableErrorMessage(sop.error) })}
          </p>
        </>
      )}
    </div>
  );
}

function SopReader({ sop }: { sop: ReadSop }) {
  const { t } = useTranslation();
  return (
    <>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold break-words" data-testid="my-sop-title">
          {sop.title}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('mySops.version', { version: sop.version })}
          {sop.changeNote ? ` · ${sop.changeNote}` : ''}
        </p>
        {sop.description && <p className="text-sm">{sop.description}</p>}
        <ul aria-label={t('mySops.page.whyYours')} className="flex flex-wrap gap-2 pt-1">
          {sop.reasons.map((reason) => (
            <li
              key={`${reason.kind}-${reason.id}`}
              data-testid="my-sop-reason"
              className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {reasonText(reason)}
            </li>
          ))}
        </ul>
      </header>
      {sop.offlineCopy ? <OfflineCopyNote version={sop.version} /> : <Acknowledgement sop={sop} />}
      <Tabs.Root defaultValue="content" className="space-y-4">
        <Tabs.List
          aria-label={t('mySops.page.views')}
          className="inline-flex gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800"
        >
          <Tabs.Trigger value="content" data-testid="my-sop-tab-content" className={tabClass}>
            {t('mySops.page.content')}
          </Tabs.Trigger>
          <Tabs.Trigger value="pdf" data-testid="my-sop-tab-pdf" className={tabClass}>
            {t('mySops.page.pdfPreview')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="content" className="outline-none">
          <Card className="min-w-0 overflow-x-auto">
            <MarkdownContent documentId={sop.documentId} markdown={sop.markdown} images="mine" />
          </Card>
        </Tabs.Content>
        <Tabs.Content value="pdf" className="space-y-2 outline-none">
          <iframe
            title={t('mySops.page.pdfPreviewOf', { title: sop.title })}
            data-testid="my-sop-pdf"
            src={sop.pdf.url}
            className="h-[70vh] w-full rounded border border-slate-200 dark:border-slate-800"
          />
          <a
            href={sop.pdf.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
          >
            {t('mySops.page.openPdf')}
          </a>
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

/** The service worker answered from the copy kept when this SOP was last opened here. */
function OfflineCopyNote({ version }: { version: number }) {
  const { t } = useTranslation();
  return (
    <Card testId="my-sop-offline-copy" className="flex items-center gap-2 text-sm">
      <CloudOff aria-hidden className="size-5 shrink-0 text-amber-700 dark:text-amber-400" />
      <p role="status">{t('mySops.page.offlineCopy', { version })}</p>
    </Card>
  );
}

function Acknowledgement({ sop }: { sop: MySopView }) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeSop(sop.documentId, sop.version);
  if (sop.acknowledgedAt) {
    return (
      <AcknowledgedNote
        version={sop.version}
        at={sop.acknowledgedAt}
        testId="my-sop-acknowledged"
      />
    );
  }
  if (!sop.mustAcknowledge) return null;
  return (
    <Card
      testId="my-sop-acknowledge"
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p>
        {t('mySops.page.newVersion', { version: sop.version })}{' '}
        <Link
          to="/library/documents/$id/acknowledge"
          params={{ id: String(sop.documentId) }}
          className="font-medium text-blue-700 hover:underline dark:text-blue-400"
        >
          {t('mySops.page.seeChanges')}
        </Link>
      </p>
      <button
        type="button"
        data-testid="my-sop-acknowledge-button"
        disabled={acknowledge.isPending}
        onClick={() => acknowledge.mutate()}
        className={smallButtonClass}
      >
        {t('mySops.page.acknowledge')}
      </button>
    </Card>
  );
}
