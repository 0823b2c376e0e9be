import { afterEach, describe, expect, it, vi } from 'vitest';
import { recommendationsQuery } from './queries';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The page asked for every recommendation at once (~7,500 renewals at 100,000 people) and
 * filtered the tab itself: it asks for one page of the tab shown.
 */
describe('the recommendations page', () => {
  it("asks the server for one page of the tab's state", async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ recommendations: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const query = recommendationsQuery('dismissed', 2);
    expect(query.queryKey).toEqual(['/api/recommendations', 'dismissed', 2]);
    const queryFn = query.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>;
    await queryFn({ signal: new AbortController().signal });
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://hub.test');
    expect(url.pathname).toBe('/api/recommendations');
    expect(Object.fromEntries(url.searchParams)).toEqual({ state: 'dismissed', page: '2' });
  });
});
