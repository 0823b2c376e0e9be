import { describe, expect, it } from 'vitest';
import { cursorPaging, loadedRows } from './paging';

describe('cursor paging', () => {
  it('continues after the last answer and stops on its null cursor', () => {
    expect(cursorPaging.getNextPageParam({ totalCount: 3, nextCursor: 'abc' })).toBe('abc');
    expect(cursorPaging.getNextPageParam({ totalCount: 3, nextCursor: null })).toBeUndefined();
  });

  it('joins the loaded pages and keeps the latest total', () => {
    const pages = [
      { items: [1, 2], totalCount: 4, nextCursor: 'a' },
      { items: [3], totalCount: 5, nextCursor: null },
    ];
    expect(loadedRows(pages, (page) => page.items)).toEqual({ rows: [1, 2, 3], totalCount: 5 });
    expect(loadedRows(undefined, () => [])).toEqual({ rows: undefined, totalCount: 0 });
  });
});
