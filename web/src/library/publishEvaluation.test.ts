import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishAsRead } from './mutations';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the library viewer's Publish", () => {
  it('names the evaluation the reviewer read, so one changed since is refused, not published', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ id: 3, status: 'published' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await publishAsRead(12, { updatedAt: '2026-12-05T10:00:00.123Z' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/api/library/documents/12/evaluation/publish');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ updatedAt: '2026-12-05T10:00:00.123Z' });
  });
});
