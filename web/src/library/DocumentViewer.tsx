import { type LibraryDocument } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { AlertCircle, CheckCircle2, LoaderCircle } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { DocumentVersions } from './DocumentVersions';
import { EvaluationTab } from './EvaluationTab';
import { processingSummary, viewerTabsState } from './format';
import { MarkdownContent } from './MarkdownContent';
import { RetryProcessingButton } from './RetryProcessingButton';
import { documentDownloadUrlQuery, documentMarkdownQuery } from './queries';

/** Spec section 9: the PDF preview frame is 600 px high. */
const PREVIEW_HEIGHT = 600;

interface DocumentViewerProps {
  /** The document as the list last showed it (kept up to date by the list's polling). */
  document: LibraryDocument | null;
  onClose: () => void;
  /** After a retry: the list is watched again as after an upload. */
  onRetried: () => void;
}

const tabClass =
  'rounded px-3 py-1.5 text-sm font-medium text-slate-600 disabled:cursor-not-allowed disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-950 dark:data-[state=active]:text-slate-50';

export function DocumentViewer({ document, onClose, onRetried }: DocumentViewerProps) {
  return (
    <Dialog
      open={document !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={document?.title ?? ''}
      description={document ? <ProcessingHeader document={document} onRetried={onRetried} /> : null}
      width="max-w-5xl"
      testId="document-viewer"
    >
      {/* Keyed by document: the tabs start on Preview for every document opened. */}
      {document && <ViewerTabs key={document.id} document={document} onRetried={onRetried} />}
    </Dialog>
  );
}

function ProcessingHeader({
  document,
  onRetried,
}: {
  document: LibraryDocument;
  onRetried: () => void;
}) {
  const summary = processingSummary(document);

  return (
    <span
      data-testid="viewer-summary"
      data-kind={summary.kind}
      className={clsx(
        'flex flex-wrap items-center gap-2',
        summary.kind === 'failed' && 'text-red-600 dark:text-red-400',
        summary.kind === 'completed' && 'text-green-700 dark:text-green-400',
      )}
    >
      {summary.kind === 'failed' && <AlertCircle aria-hidden className="size-4" />}
      {summary.kind === 'completed' && <CheckCircle2 aria-hidden className="size-4" />}
      {summary.kind === 'processing' && (
        <LoaderCircle aria-hidden className="size-4 animate-spin text-blue-600" />
      )}
      <span>{summary.text}</span>
      {summary.kind === 'failed' && (
        <RetryProcessingButton
          documentId={document.id}
          onRetried={onRetried}
          testId="retry-processing"
        />
      )}
    </span>
  );
}

function ViewerTabs({ document, onRetried }: { document: LibraryDocument; onRetried: () => void }) {
  const { t } = useTranslation();
  const closed = viewerTabsState(document);
  return (
    <Tabs.Root defaultValue="preview" className="space-y-4">
      <Tabs.List
        aria-label={t('library.viewer.views')}
        className="inline-flex max-w-full flex-wrap gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800"
      >
        <Tabs.Trigger value="preview" data-testid="viewer-tab-preview" className={tabClass}>
          {t('library.viewer.preview')}
        </Tabs.Trigger>
        <Tabs.Trigger
          value="content"
          data-testid="viewer-tab-content"
          disabled={closed.content !== null}
          title={closed.content ?? undefined}
          className={tabClass}
        >
          {t('library.viewer.content')}
        </Tabs.Trigger>
        <Tabs.Trigger
          value="evaluation"
          data-testid="viewer-tab-evaluation"
          disabled={closed.evaluation !== null}
          title={closed.evaluation ?? undefined}
          className={tabClass}
        >
          {t('library.viewer.evaluation')}
        </Tabs.Trigger>
        <Tabs.Trigger value="versions" data-testid="viewer-tab-versions" className={tabClass}>
          {t('library.viewer.versions')}
        </Tabs.Trigger>
      </Tabs.List>
      {/* Radix mounts a tab's content only while it is shown: each fetches on first opening. */}
      <Tabs.Content value="preview" className="outline-none">
        <PdfPreview id={document.id} />
      </Tabs.Content>
      <Tabs.Content value="content" className="outline-none">
        <ContentTab id={document.id} />
      </Tabs.Content>
      <Tabs.Content value="evaluation" className="outline-none">
        <EvaluationTab document={document} onGenerationStarted={onRetried} />
      </Tabs.Content>
      <Tabs.Content value="versions" className="outline-none">
        <DocumentVersions document={document} onUploaded={onRetried} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function PdfPreview({ id }: { id: number }) {
  const { t } = useTranslation();
  const link = useQuery(documentDownloadUrlQuery(id));
  if (link.isPending)
    return (
      <Centered>
        <Spinner />
      </Centered>
    );
  if (link.isError || !link.data.url) {
    return (
      <Centered>
        <div role="alert" data-testid="pdf-preview-error" className="text-center">
          <p className="font-medium">{t('library.viewer.pdfFailed')}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t('library.viewer.pdfMissing')}
          </p>
        </div>
      </Centered>
    );
  }
  return (
    <iframe
      title={t('library.viewer.pdfTitle')}
      data-testid="pdf-frame"
      src={link.data.url}
      style={{ height: PREVIEW_HEIGHT }}
      className="w-full rounded border border-slate-200 dark:border-slate-800"
    />
  );
}

function ContentTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const content = useQuery(documentMarkdownQuery(id));
  if (content.isPending)
    return (
      <Centered>
        <Spinner />
      </Centered>
    );
  if (content.isError) {
    return (
      <Centered>
        <p role="alert" data-testid="content-error" className="text-sm text-slate-500">
          {isApiError(content.error, 404)
            ? t('library.viewer.contentNotYet')
            : t('library.viewer.contentFailed')}
        </p>
      </Centered>
    );
  }
  return <MarkdownContent documentId={id} markdown={content.data.markdown} />;
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center justify-center py-16" style={{ minHeight: 200 }}>
      {children}
    </div>
  );
}
