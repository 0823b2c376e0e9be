import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mySopQuery } from './queries';

const VIEW = { documentId: 7, title: 'Cooling Cooked Food', version: 3 };

function answer(headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(VIEW), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('mySopQuery', () => {
  it("marks the service worker's stored copy as an offline copy, and a fresh answer as not", async () => {
    const client = new QueryClient();
    vi.stubGlobal('fetch', async () => answer({ 'X-Hub-Offline-Copy': '1' }));
    expect(await client.fetchQuery(mySopQuery(7))).toMatchObject({ ...VIEW, offlineCopy: true });

    vi.stubGlobal('fetch', async () => answer());
    const fresh = await client.fetchQuery({ ...mySopQuery(7), staleTime: 0 });
    expect(fresh).toMatchObject({ ...VIEW, offlineCopy: false });
  });

  it('is asked even when the browser says it is offline: the service worker may answer', () => {
    expect(mySopQuery(7).networkMode).toBe('offlineFirst');
  });
});
