import type { CertificationState } from '@hub/proto';
import { InfiniteQueryObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  certificationPages,
  holders,
  servePages,
} from '../certifications/certification-pages.test-support';
import { certificationPagesQuery, certificationsQuery } from '../certifications/queries';
import { CertificationsInsightsPage } from './CertificationsInsightsPage';
import { certificationInsightsQuery } from './queries';
import { parseCertificationsSearch } from './search';

const STATE: CertificationState = 'expiring_soon';
const TOTAL = 5;

const pageOf = certificationPages({
  total: TOTAL,
  state: STATE,
  expiresAt: '2026-12-20T00:00:00.000Z',
  summary: { expiringSoon: TOTAL },
});

/** A client holding the figures and the state's first answer (two of five). */
function loadedClient() {
  const client = new QueryClient();
  client.setQueryData(certificationInsightsQuery.queryKey, { months: [] });
  client.setQueryData(certificationsQuery(STATE).queryKey, pageOf([1, 2], 'after-2'));
  return client;
}

/** The page at its address, listing the state's certifications. */
async function render(client: QueryClient): Promise<string> {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/insights/certifications',
    validateSearch: parseCertificationsSearch,
    component: CertificationsInsightsPage,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [`/insights/certifications?state=${STATE}`] }),
  });
  await router.load();
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(RouterProvider, { router })),
  );
}

afterEach(() => vi.unstubAllGlobals());

/**
 * Insights listed a state's first page (200) and nothing more, nor that more existed: the rest
 * of a state's certifications could not be seen from it.
 */
describe('"Load more" of the certifications insights', () => {
  it("says how many of the state's are shown and offers the next page", async () => {
    const markup = await render(loadedClient());
    expect(holders(markup)).toEqual(['1', '2']);
    expect(markup).toContain(`Showing 2 of ${TOTAL} certifications`);
    expect(markup).toContain('Load more');
  });

  it("shows the state's pages after the first, each after the cursor the one before answered", async () => {
    const asked = servePages({
      'after-2': pageOf([3, 4], 'after-4'),
      'after-4': pageOf([5], null),
    });
    const client = loadedClient();
    const options = certificationPagesQuery(STATE, '', 'after-2');
    // What the button's first press and the next one fetch.
    await client.fetchInfiniteQuery(options);
    expect(holders(await render(client))).toEqual(['1', '2', '3', '4']);
    await new InfiniteQueryObserver(client, options).fetchNextPage();
    const markup = await render(client);
    expect(holders(markup)).toEqual(['1', '2', '3', '4', '5']);
    expect(markup).not.toContain('Load more');
    expect(asked.map((url) => new URL(url, 'http://hub.test').search)).toEqual([
      `?state=${STATE}&cursor=after-2`,
      `?state=${STATE}&cursor=after-4`,
    ]);
  });
});
