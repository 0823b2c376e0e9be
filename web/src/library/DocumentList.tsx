import { type LibraryDocument } from '@hub/proto';
import { api } from '../api/routes';
import { call } from '../api/client';
import { Download, Eye, FileText, LoaderCircle } from 'lucide-react';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { FileListFrame, listRowClass, RowDeleteButton, RowIconButton } from '../ui/ListStates';
import { formatDate } from '../ui/dates';
import { formatFileSize } from '../i18n/format';
import { documentStatus, ocrBadge, stageLabel } from './format';
import { RetryProcessingButton } from './RetryProcessingButton';
import { useDeleteDocument } from './mutations';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';

interface DocumentListProps {
  documents: readonly LibraryDocument[] | undefined;
  loading: boolean;
  /** Percent of a running upload (the placeholder row), null when none runs. */
  uploadProgress: number | null;
  onView: (document: LibraryDocument) => void;
  /** After a retry: the list is watched again as after an upload. */
  onRetried: () => void;
  /** The search text and the number of tag filters narrowing the list. */
  search: string;
  filters: number;
  onClearFilters: () => void;
}

export function DocumentList({
  documents,
  loading,
  uploadProgress,
  onView,
  onRetried,
  search,
  filters,
  onClearFilters,
}: DocumentListProps) {
  const { t } = useTranslation();
  return (
    <FileListFrame
      testId="document-list"
      noun="documents"
      count={documents?.length}
      loading={loading}
      upload={{
        testId: 'upload-placeholder',
        label: t('library.list.uploading'),
        percent: uploadProgress,
      }}
      loadingLabel={t('library.list.loading')}
      empty={{
        testId: 'documents-empty',
        icon: FileText,
        title: t('library.list.emptyTitle'),
        hint: t('library.list.emptyHint'),
        search,
        filters,
        onClear: onClearFilters,
      }}
    >
      {documents?.map((document) => (
        <DocumentRow key={document.id} document={document} onView={onView} onRetried={onRetried} />
      ))}
    </FileListFrame>
  );
}

/** Opens the signed link in a new tab (spec section 7). */
export async function downloadDocument(id: number): Promise<void> {
  try {
    const { url } = await call(api.documentDownloadUrl, { params: { id } });
    window.open(url, '_blank', 'noopener');
  } catch {
    // Cause: 'Failed to get download URL' (spec section 8).
    toast({
      title: i18n.t('library.list.downloadFailed'),
      description: i18n.t('library.list.downloadFailedDescription'),
      variant: 'destructive',
    });
  }
}

function DocumentRow({
  document,
  onView,
  onRetried,
}: {
  document: LibraryDocument;
  onView: (document: LibraryDocument) => void;
  onRetried: () => void;
}) {
  const { t } = useTranslation();
  const status = documentStatus(document);
  const ocr = ocrBadge(document);

  const remove = useDeleteDocument(document);

  return (
    <div
      data-testid="document-row"
      data-document-id={document.id}
      data-document-title={document.title}
      className={listRowClass}
    >
      <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-red-500" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="truncate font-medium" data-testid="document-title">
          {document.title}
        </p>
        <p className="line-clamp-2 text-sm text-slate-500 dark:text-slate-400">
          {document.description || t('library.list.noDescription')}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span data-testid="document-size">{formatFileSize(document.fileSize)}</span>
          <span>{t('library.list.uploadedOn', { date: formatDate(document.uploadedAt) })}</span>
          <Badge tone={status.tone} testId="document-status">
            {status.pending && <LoaderCircle aria-hidden className="mr-1 size-3 animate-spin" />}
            {status.label}
          </Badge>
          {status.pending && (
            <span data-testid="document-stage">{stageLabel(document.progress)}</span>
          )}
          {!status.pending && document.progress.stage === 'generating_evaluation' && (
            <span data-testid="document-stage" className="inline-flex items-center gap-1">
              <LoaderCircle aria-hidden className="size-3 animate-spin text-blue-600" />
              {t('library.list.generatingEvaluation')}
            </span>
          )}
          {ocr && (
            <Badge tone={ocr.tone} testId="document-ocr">
              {ocr.label}
            </Badge>
          )}
          {document.ocrError && (
            <RetryProcessingButton
              documentId={document.id}
              onRetried={onRetried}
              testId="retry-ocr"
            />
          )}
          {document.tags.map((tag) => (
            <span key={tag.id} className="inline-flex items-center gap-1">
              <span
                aria-hidden
                className="size-2 rounded-full"
                style={{ backgroundColor: tag.color }}
              />
              {tag.name}
            </span>
          ))}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <RowIconButton
          label={t('library.list.view')}
          testId="view-document"
          onClick={() => onView(document)}
        >
          <Eye className="size-4" />
        </RowIconButton>
        <RowIconButton
          label={t('library.list.download')}
          testId="download-document"
          onClick={() => void downloadDocument(document.id)}
        >
          <Download className="size-4" />
        </RowIconButton>
        <RowDeleteButton
          title={t('library.list.deleteTitle')}
          description={t('library.list.deleteDescription', { title: document.title })}
          testId="delete-document"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
    </div>
  );
}
