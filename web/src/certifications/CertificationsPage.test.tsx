import type { User } from '@hub/proto';
import { InfiniteQueryObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '../api/queries';
import { mySopsQuery } from '../my-sops/queries';
import { certificationPages, holders, servePages } from './certification-pages.test-support';
import { CertificationsPage } from './CertificationsPage';
import { certificationPagesQuery, certificationsQuery } from './queries';

const TOTAL = 5;

const pageOf = certificationPages({
  total: TOTAL,
  state: 'active',
  expiresAt: '2027-11-01T00:00:00.000Z',
  summary: { active: TOTAL },
});

/** A client holding the page's first answer (two of five) and whoever is signed in. */
function loadedClient() {
  const client = new QueryClient();
  client.setQueryData(currentUserQuery.queryKey, { role: 'training_supervisor' } as User);
  client.setQueryData(mySopsQuery.queryKey, { sops: [] });
  client.setQueryData(certificationsQuery(undefined).queryKey, pageOf([1, 2], 'after-2'));
  return client;
}

const render = (client: QueryClient) =>
  renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(CertificationsPage)),
  );

afterEach(() => vi.unstubAllGlobals());

/**
 * The page showed the 200 most recently issued and nothing more, nor that more existed: at
 * 100,000 people most certifications could be reached by a search only.
 */
describe('"Load more" of the certifications page', () => {
  it('says how many of how many are shown and offers the next page', () => {
    const markup = render(loadedClient());
    expect(holders(markup)).toEqual(['1', '2']);
    expect(markup).toContain(`Showing 2 of ${TOTAL} certifications`);
    expect(markup).toContain('Load more');
  });

  it('shows the pages after the first, each after the cursor the one before answered', async () => {
    const asked = servePages({
      'after-2': pageOf([3, 4], 'after-4'),
      'after-4': pageOf([5], null),
    });
    const client = loadedClient();
    const options = certificationPagesQuery(undefined, '', 'after-2');
    // What the button's first press and the next one fetch.
    await client.fetchInfiniteQuery(options);
    expect(holders(render(client))).toEqual(['1', '2', '3', '4']);
    await new InfiniteQueryObserver(client, options).fetchNextPage();
    const markup = render(client);
    expect(holders(markup)).toEqual(['1', '2', '3', '4', '5']);
    expect(markup).not.toContain('Load more');
    expect(asked.map((url) => new URL(url, 'http://hub.test').search)).toEqual([
      '?cursor=after-2',
      '?cursor=after-4',
    ]);
  });

  it('asks the later pages with the same state and search as the first', async () => {
    const asked = servePages({ 'after-2': pageOf([3], null) });
    await new QueryClient().fetchInfiniteQuery(
      certificationPagesQuery('expiring_soon', ' María ', 'after-2'),
    );
    expect(asked.map((url) => new URL(url, 'http://hub.test').search)).toEqual([
      '?state=expiring_soon&search=Mar%C3%ADa&cursor=after-2',
    ]);
    // Pages of another first page (read again, or another filter's) are other pages.
    expect(certificationPagesQuery(undefined, '', 'after-2').queryKey).not.toEqual(
      certificationPagesQuery(undefined, '', 'after-9').queryKey,
    );
    expect(certificationPagesQuery(undefined, '', 'after-2').queryKey).not.toEqual(
      certificationPagesQuery('active', '', 'after-2').queryKey,
    );
  });
});
