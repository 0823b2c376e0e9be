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
