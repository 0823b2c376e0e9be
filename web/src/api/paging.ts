import {
  type InfiniteData,
  type QueryKey,
  useInfiniteQuery,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { useState } from 'react';
import type { PageInfo } from '@hub/proto';

/**
 * What useInfiniteQuery needs for the product's cursor-paged lists: the first page has no
 * cursor, the next one continues after the previous answer's `nextCursor`, none after null.
 */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: PageInfo): string | undefined => last.nextCursor ?? undefined,
};

/** The rows of every loaded page in order, and the total the latest page counted. */
export function loadedRows<TPage extends PageInfo, TRow>(
  pages: readonly TPage[] | undefined,
  rows: (page: TPage) => readonly TRow[],
): { rows: TRow[] | undefined; totalCount: number } {
  if (!pages) return { rows: undefined, totalCount: 0 };
  return {
    rows: pages.flatMap((page) => rows(page)),
    totalCount: pages[pages.length - 1]?.totalCount ?? 0,
  };
}

/**
 * A list whose first page came inside another answer (its rows, and the cursor after them), the
 * next pages asked a page at a time from that cursor once the reader asks for more; pages already
 * cached (this visit's) show at once. After a failure the same `load` asks again.
 */
export function useRowsAfter<TPage extends PageInfo, TRow, TKey extends QueryKey>(
  first: readonly TRow[],
  cursor: string | null,
  query: UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, string | undefined>,
  rowsOf: (page: TPage) => readonly TRow[],
) {
  const [asked, setAsked] = useState(false);
  const pages = useInfiniteQuery({ ...query, enabled: asked && cursor !== null });
  const later = cursor === null ? [] : (pages.data?.pages ?? []);
  const load = () => {
    if (!asked) setAsked(true);
    else if (later.length === 0) void pages.refetch();
    else void pages.fetchNextPage();
  };
  return {
    rows: [...first, ...later.flatMap(rowsOf)],
    hasMore: cursor !== null && (later.length === 0 || pages.hasNextPage),
    load,
    failed: pages.isError,
    loading: pages.isFetching,
  };
}
