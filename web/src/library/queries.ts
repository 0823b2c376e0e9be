import {
  DOCUMENT_SEARCH_MAX_CHARS,
  type DocumentList,
  type DocumentMarkdown,
  type DocumentVersionList,
  type Folder,
  type Tag,
  type VersionAcknowledgement,
  type VersionDiff,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';
import { refreshQueries } from '../api/refresh';

/** Spec section 9: the document list asks for 50 at a time. */
export const DOCUMENT_PAGE_SIZE = 50;
/** Spec sections 4 and 9: after an upload the list is fetched every 3 s for 2 minutes. */
export const POLL_INTERVAL_MS = 3000;
export const POLL_DURATION_MS = 120_000;

export interface DocumentFilter {
  folderId: number | null;
  tagIds: readonly number[];
  search: string;
}

/**
 * The list query's parameters: only what is set (tags comma-joined ids). A search pasted longer
 * than the server takes is cut, rather than sent and refused (the list would show an error).
 */
export function documentListParams(filter: DocumentFilter) {
  const search = filter.search.trim().slice(0, DOCUMENT_SEARCH_MAX_CHARS).trim();
  return {
    folderId: filter.folderId ?? undefined,
    tags: filter.tagIds.length > 0 ? [...filter.tagIds].sort((a, b) => a - b).join(',') : undefined,
    search: search === '' ? undefined : search,
    limit: DOCUMENT_PAGE_SIZE,
  };
}

/** The document list, 50 at a time: each further page continues after the last one loaded. */
export function documentsQuery(filter: DocumentFilter) {
  const query = documentListParams(filter);
  return infiniteQueryOptions({
    queryKey: [api.documents.path, query, 'pages'],
    queryFn: ({ signal, pageParam }): Promise<DocumentList> =>
      call(api.documents, { query: { ...query, cursor: pageParam }, signal }),
    ...cursorPaging,
    placeholderData: (previous) => previous,
  });
}

export const foldersQuery = queryOptions({
  queryKey: [api.folders.path],
  queryFn: ({ signal }): Promise<Folder[]> => call(api.folders, { signal }),
});

export const tagsQuery = queryOptions({
  queryKey: [api.tags.path],
  queryFn: ({ signal }): Promise<Tag[]> => call(api.tags, { signal }),
});

/** The SOP markdown; fetched when the Content tab first opens, then kept for the session. */
export function documentMarkdownQuery(id: number) {
  return queryOptions({
    queryKey: [api.documentMarkdown.path, id],
    queryFn: ({ signal }): Promise<DocumentMarkdown> =>
      call(api.documentMarkdown, { params: { id }, signal }),
  });
}

/** A signed link expires within minutes: fetched afresh each time the viewer opens. */
export function documentDownloadUrlQuery(id: number) {
  return queryOptions({
    queryKey: [api.documentDownloadUrl.path, id],
    queryFn: ({ signal }) => call(api.documentDownloadUrl, { params: { id }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** After an upload, deletion or retry: the documents and the tags' document counts. */
export async function refreshLibrary(queryClient: QueryClient): Promise<void> {
  await refreshQueries(queryClient, [api.documents.path], tagsQuery.queryKey);
}

export function documentVersionsQuery(id: number) {
  return queryOptions({
    queryKey: [api.documentVersions.path, id],
    queryFn: ({ signal }): Promise<DocumentVersionList> =>
      call(api.documentVersions, { params: { id }, signal }),
    // While a version is processed, its state is watched as the document list watches uploads.
    refetchInterval: (query) =>
      query.state.data?.versions.some((version) => version.state === 'processing')
        ? POLL_INTERVAL_MS
        : false,
  });
}

export function versionDiffQuery(id: number, from: number, to: number) {
  return queryOptions({
    queryKey: [api.documentVersionDiff.path, id, from, to],
    queryFn: ({ signal }): Promise<VersionDiff> =>
      call(api.documentVersionDiff, { params: { id }, query: { from, to }, signal }),
  });
}

export function acknowledgementQuery(id: number) {
  return queryOptions({
    queryKey: [api.documentAcknowledgement.path, id],
    queryFn: ({ signal }): Promise<VersionAcknowledgement> =>
      call(api.documentAcknowledgement, { params: { id }, signal }),
  });
}
