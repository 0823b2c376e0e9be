import { type CertificationList, type CertificationState, routePath } from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';

/** Every state's list: a revocation moves a certification between them. */
export const certificationListsKey = [api.certifications.path];

/**
 * The first page of a state's certifications, searched by the server, with the cards and
 * categories: the list is paged (200 a page of 100,000), so a search among the rows loaded
 * alone missed whoever's were older.
 */
export function certificationsQuery(state: CertificationState | undefined, search = '') {
  const searched = search.trim() || undefined;
  return queryOptions({
    queryKey: [...certificationListsKey, state ?? 'all', searched ?? ''],
    queryFn: ({ signal }): Promise<CertificationList> =>
      call(api.certifications, { query: { state, search: searched }, signal }),
  });
}

/**
 * The pages after the first (`cursor`, its `nextCursor`), each after the one before, with the
 * same state and search: asked of the server, not filtered here, so every page holds only rows
 * they select. Keyed by that cursor: a first page read again starts them again.
 */
export function certificationPagesQuery(
  state: CertificationState | undefined,
  search: string,
  cursor: string | null,
) {
  const searched = search.trim() || undefined;
  return infiniteQueryOptions({
    queryKey: [...certificationListsKey, state ?? 'all', searched ?? '', 'after', cursor],
    queryFn: ({ signal, pageParam }): Promise<CertificationList> =>
      call(api.certifications, { query: { state, search: searched, cursor: pageParam }, signal }),
    ...cursorPaging,
    initialPageParam: cursor ?? undefined,
  });
}

/** The PDF's address: a plain link, so the browser downloads it with the session cookie. */
export const certificatePdfUrl = (id: number) => routePath(api.certificatePdf, { id });
