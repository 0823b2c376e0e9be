import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { certificationsQuery } from './queries';

const EMPTY = {
  certifications: [],
  totalCount: 0,
  nextCursor: null,
  summary: { active: 0, completedThisMonth: 0, expiringSoon: 0, overdue: 0, revoked: 0 },
  categories: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('certificationsQuery', () => {
  it('asks the server to search, which reaches more than the pages loaded', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(EMPTY), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const client = new QueryClient();
    await client.fetchQuery(certificationsQuery('active', 'María'));
    await client.fetchQuery(certificationsQuery(undefined, ''));
    expect(asked.map((url) => new URL(url, 'http://hub.test').search)).toEqual([
      '?state=active&search=Mar%C3%ADa',
      '',
    ]);
    // Each search its own list, every one reloaded when a revocation moves one.
    expect(certificationsQuery('active', 'María').queryKey).not.toEqual(
      certificationsQuery('active', '').queryKey,
    );
  });
});
