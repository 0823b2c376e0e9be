import type { LibraryDocument } from '@hub/proto';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchText } from '../ui/useSearchText';
import { toast } from '../toast/toastStore';
import { loadedRows } from '../api/paging';
import { ListToolbar } from '../ui/ListStates';
import { LoadMore } from '../ui/LoadMore';
import { DocumentList } from './DocumentList';
import { DocumentViewer } from './DocumentViewer';
import { FolderPanel } from './FolderPanel';
import {
  documentsQuery,
  foldersQuery,
  POLL_DURATION_MS,
  POLL_INTERVAL_MS,
  tagsQuery,
} from './queries';
import { TagPanel } from './TagPanel';
import { UploadDocumentDialog } from './UploadDocumentDialog';
import { useUploadDocument } from './mutations';
import { useTranslation } from 'react-i18next';

export function DocumentsTab() {
  const { t } = useTranslation();
  const [folderId, setFolderId] = useState<number | null>(null);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const { text: searchText, setText: setSearchText, search } = useSearchText();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [viewing, setViewing] = useState<LibraryDocument | null>(null);

  /** Until when the list is fetched every 3 s (after an upload or a retry). */
  const pollUntil = useRef(0);
  const documents = useInfiniteQuery({
    ...documentsQuery({ folderId, tagIds, search }),
    refetchInterval: () => (Date.now() < pollUntil.current ? POLL_INTERVAL_MS : false),
  });
  const folders = useQuery(foldersQuery);
  const tags = useQuery(tagsQuery);

  const startPolling = useCallback(() => {
    pollUntil.current = Date.now() + POLL_DURATION_MS;
  }, []);

  // Spec section 8: a failed load says so in a toast (once per failure).
  const { isError, errorUpdatedAt } = documents;
  useEffect(() => {
    if (isError) toast({ title: t('library.fetchFailed'), variant: 'destructive' });
  }, [isError, errorUpdatedAt, t]);

  const upload = useUploadDocument({
    onProgress: setUploadProgress,
    onUploaded: () => {
      setUploadOpen(false);
      startPolling();
    },
  });

  const refresh = async () => {
    const result = await documents.refetch();
    if (!result.isError) toast({ title: t('library.refreshed') });
  };

  const toggleTag = (id: number) =>
    setTagIds((current) =>
      current.includes(id) ? current.filter((tagId) => tagId !== id) : [...current, id],
    );

  const { rows: list, totalCount } = loadedRows(documents.data?.pages, (page) => page.documents);
  // The viewer follows the list, so its header shows the live stage while the list polls.
  const viewed = viewing ? (list?.find((item) => item.id === viewing.id) ?? viewing) : null;
  const selectedTags = (tags.data ?? []).filter((tag) => tagIds.includes(tag.id));

  return (
    <div className="grid gap-6 lg:grid-cols-[260px_minmax(0,1fr)]">
      <aside className="space-y-4">
        <FolderPanel selectedFolderId={folderId} onSelect={setFolderId} />
        <TagPanel selectedTagIds={tagIds} onToggle={toggleTag} />
      </aside>
      <section className="min-w-0 space-y-4">
        <ListToolbar
          noun="documents"
          testIdNoun="document"
          searchText={searchText}
          onSearch={setSearchText}
          refreshing={documents.isFetching}
          onRefresh={() => void refresh()}
          uploadLabel={t('library.uploadDocument')}
          onUpload={() => setUploadOpen(true)}
        />
        {selectedTags.length > 0 && (
          <div className="flex flex-wrap gap-2" aria-label={t('library.tagFilters')}>
            {selectedTags.map((tag) => (
              <span
                key={tag.id}
                data-testid="tag-chip"
                className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white py-0.5 pr-1 pl-2.5 text-xs font-medium dark:border-slate-700 dark:bg-slate-950"
              >
                <span
                  aria-hidden
                  className="size-2 rounded-full"
                  style={{ backgroundColor: tag.color }}
                />
                {tag.name}
                <button
                  type="button"
                  aria-label={t('library.removeTagFilter', { tag: tag.name })}
                  onClick={() => toggleTag(tag.id)}
                  className="rounded-full p-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <X className="size-3" />
                </button>
              </span>
            ))}
          </div>
        )}
        {documents.isError && list === undefined ? (
          <p role="alert" className="text-sm text-red-600">
            {t('library.fetchFailed')}
          </p>
        ) : (
          <DocumentList
            documents={list}
            loading={documents.isPending}
            uploadProgress={uploadProgress}
            onView={setViewing}
            onRetried={startPolling}
            search={search}
            filters={tagIds.length}
            onClearFilters={() => {
              setSearchText('');
              setTagIds([]);
            }}
          />
        )}
        <LoadMore
          noun="documents"
          shown={list?.length ?? 0}
          total={totalCount}
          hasMore={documents.hasNextPage}
          loading={documents.isFetchingNextPage}
          onLoadMore={() => void documents.fetchNextPage()}
        />
      </section>
      <UploadDocumentDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        folders={folders.data ?? []}
        selectedFolderId={folderId}
        progress={uploadProgress}
        onUpload={(draft, file) => upload.mutate({ draft, file })}
      />
      <DocumentViewer document={viewed} onClose={() => setViewing(null)} onRetried={startPolling} />
    </div>
  );
}
