import { api, type LibraryDocument } from '@hub/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Eye, FileText, LoaderCircle } from 'lucide-react';
import { call } from '../api/client';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import {
  EmptyList,
  listRowClass,
  LoadingRow,
  RowDeleteButton,
  RowIconButton,
  UploadingRow,
} from '../ui/ListStates';
import { formatDate } from '../ui/dates';
import { emptyListText } from '../ui/emptyList';
import { documentStatus, formatFileSize, ocrBadge, stageLabel } from './format';
import { refreshLibrary } from './queries';

interface DocumentListProps {
  documents: readonly LibraryDocument[] | undefined;
  loading: boolean;
  /** Percent of a running upload (the placeholder row), null when none runs. */
  uploadProgress: number | null;
  onView: (document: LibraryDocument) => void;
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
  search,
  filters,
  onClearFilters,
}: DocumentListProps) {
  const empty = !loading && (documents?.length ?? 0) === 0 && uploadProgress === null;
  return (
    <div data-testid="document-list" aria-busy={loading} className="space-y-3">
      {uploadProgress !== null && (
        <UploadingRow
          testId="upload-placeholder"
          label="Uploading document..."
          percent={uploadProgress}
        />
      )}
      {loading && documents === undefined && <LoadingRow label="Loading documents..." />}
      {empty && (
        <EmptyList
          testId="documents-empty"
          icon={FileText}
          onClear={onClearFilters}
          {...emptyListText({
            noun: 'documents',
            search,
            filters,
            title: 'No documents found',
            hint: 'Upload your first document to get started',
          })}
        />
      )}
      {documents?.map((document) => (
        <DocumentRow key={document.id} document={document} onView={onView} />
      ))}
    </div>
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
      title: 'Download failed',
      description: 'Failed to download the document.',
      variant: 'destructive',
    });
  }
}

function DocumentRow({
  document,
  onView,
}: {
  document: LibraryDocument;
  onView: (document: LibraryDocument) => void;
}) {
  const queryClient = useQueryClient();
  const status = documentStatus(document);
  const ocr = ocrBadge(document);

  const remove = useMutation({
    mutationFn: () => call(api.deleteDocument, { params: { id: document.id } }),
    onSuccess: async () => {
      toast({ title: 'Document deleted', description: `${document.title} has been deleted.` });
      await refreshLibrary(queryClient);
    },
    // Spec section 8: no server message is shown for delete failures.
    onError: () => toast({ title: 'Failed to delete document', variant: 'destructive' }),
  });

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
          {document.description || 'No description'}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span data-testid="document-size">{formatFileSize(document.fileSize)}</span>
          <span>Uploaded {formatDate(document.uploadedAt)}</span>
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
              Generating evaluation
            </span>
          )}
          {ocr && (
            <Badge tone={ocr.tone} testId="document-ocr">
              {ocr.label}
            </Badge>
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
        <RowIconButton label="View" testId="view-document" onClick={() => onView(document)}>
          <Eye className="size-4" />
        </RowIconButton>
        <RowIconButton
          label="Download"
          testId="download-document"
          onClick={() => void downloadDocument(document.id)}
        >
          <Download className="size-4" />
        </RowIconButton>
        <RowDeleteButton
          title="Delete document?"
          description={`"${document.title}" and its processed content will be removed for good. This cannot be undone.`}
          testId="delete-document"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
    </div>
  );
}
