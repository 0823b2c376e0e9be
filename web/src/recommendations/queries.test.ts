import { afterEach, describe, expect, it, vi } from 'vitest';
import { recommendationsQuery } from './queries';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the tab's query asked the server for, page after page. */
async function asked(cursor: string | undefined) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ recommendations: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const query = recommendationsQuery('dismissed');
  const queryFn = query.queryFn as (context: {
    signal: AbortSignal;
    pageParam: string | undefined;
  }) => Promise<unknown>;
  await queryFn({ signal: new AbortController().signal, pageParam: cursor });
  return new URL(String(fetch.mock.calls[0]![0]), 'http://hub.test');
}

/**
 * The page asked for every recommendation at once (~7,500 renewals at 100,000 people) and
 * filtered the tab itself: it asks for one page of the tab shown, the next after the cursor
 * the one before answered (pages by number moved a row when one was decided meanwhile).
 */
describe('the recommendations page', () => {
  it("asks the server for the tab's first page, then the one after the cursor", async () => {
    expect(recommendationsQuery('dismissed').queryKey).toEqual([
      '/api/recommendations',
      'dismissed',
    ]);
    const first = await asked(undefined);
    expect(first.pathname).toBe('/api/recommendations');
    expect(Object.fromEntries(first.searchParams)).toEqual({ state: 'dismissed' });
    const next = await asked('bmV4dA');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      state: 'dismissed',
      cursor: 'bmV4dA',
    });
  });
});
