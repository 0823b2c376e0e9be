import type { WebhookDeliveryList, WebhookDeliveryView } from '@hub/proto';
import { InfiniteQueryObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { webhookDeliveriesQuery } from './queries';
import { WebhookDeliveries } from './WebhookDeliveries';

const delivery = (id: number): WebhookDeliveryView => ({
  id,
  messageId: `msg_${id}`,
  eventType: 'member.joined',
  status: 'failed',
  attempts: 11,
  responseStatus: 503,
  responseMs: 40,
  error: null,
  createdAt: '2026-12-05T10:00:00.000Z',
  lastAttemptAt: '2026-12-05T10:00:00.000Z',
});

/** Deliveries `from` down to `to`, newest first, as one page of a log of 250. */
const page = (from: number, to: number, nextCursor: string | null): WebhookDeliveryList => ({
  deliveries: Array.from({ length: from - to + 1 }, (_, index) => delivery(from - index)),
  totalCount: 250,
  nextCursor,
});

/** Answers the log's pages by cursor, and records which were asked for. */
function serveDeliveryPages(pages: Record<string, WebhookDeliveryList>): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const cursor = new URL(url, 'http://app.test').searchParams.get('cursor') ?? '';
      const answer = url.includes('/deliveries') ? pages[cursor] : { webhooks: [] };
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

const render = (client: QueryClient) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(WebhookDeliveries, { webhookId: 7, unsendable: null }),
    ),
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/**
 * A receiver down for a day leaves thousands of deliveries: the log showed the newest 100 and
 * no more, so the older failed ones could not be found or replayed.
 */
describe("a webhook's delivery log past its first page", () => {
  it('loads the older deliveries page after page, each replayable, until the last', async () => {
    const asked = serveDeliveryPages({
      '': page(250, 151, 'after-151'),
      'after-151': page(150, 51, 'after-51'),
      'after-51': page(50, 1, null),
    });
    const client = new QueryClient();
    const options = webhookDeliveriesQuery(7);
    await client.fetchInfiniteQuery(options);
    let markup = render(client);
    expect(markup.match(/data-testid="webhook-delivery"/g)).toHaveLength(100);
    expect(markup).toContain('Showing 100 of 250 deliveries');
    expect(markup).toContain('Load more');

    const observer = new InfiniteQueryObserver(client, options);
    await observer.fetchNextPage();
    await observer.fetchNextPage();
    observer.destroy();
    markup = render(client);
    expect(markup.match(/data-testid="webhook-delivery"/g)).toHaveLength(250);
    expect(markup.match(/data-testid="webhook-delivery-replay"/g)).toHaveLength(250);
    expect(markup).toContain('msg_1<');
    expect(markup).not.toContain('Load more');
    expect(asked.filter((url) => url.includes('/deliveries'))).toEqual([
      '/api/webhooks/7/deliveries?limit=100',
      '/api/webhooks/7/deliveries?limit=100&cursor=after-151',
      '/api/webhooks/7/deliveries?limit=100&cursor=after-51',
    ]);
  });

  it('offers the failed ones alone, each page asked with the status, and a replay refreshes them', async () => {
    const asked = serveDeliveryPages({
      '': page(250, 151, 'after-151'),
      'after-151': page(150, 51, null),
    });
    const client = new QueryClient();
    await client.fetchInfiniteQuery(webhookDeliveriesQuery(7));
    const markup = render(client);
    expect(markup).toMatch(/<input[^>]*type="checkbox"[^>]*data-testid="webhook-failed-only"/);
    expect(markup).toContain('Failed only');

    const failed = webhookDeliveriesQuery(7, 'failed');
    await client.fetchInfiniteQuery(failed);
    const observer = new InfiniteQueryObserver(client, failed);
    await observer.fetchNextPage();
    observer.destroy();
    expect(asked.filter((url) => url.includes('/deliveries')).slice(1)).toEqual([
      '/api/webhooks/7/deliveries?limit=100&status=failed',
      '/api/webhooks/7/deliveries?limit=100&status=failed&cursor=after-151',
    ]);
    // What Replay invalidates (the whole log) covers the failed ones' list too.
    await client.invalidateQueries({ queryKey: webhookDeliveriesQuery(7).queryKey });
    expect(client.getQueryState(failed.queryKey)?.isInvalidated).toBe(true);
  });

  it("counts what is shown in the reader's language", async () => {
    serveDeliveryPages({ '': page(250, 151, 'after-151') });
    const client = new QueryClient();
    await client.fetchInfiniteQuery(webhookDeliveriesQuery(7));
    await i18n.changeLanguage('es');
    expect(render(client)).toContain('100 de 250 envíos');
    await i18n.changeLanguage('fr');
    expect(render(client)).toContain('100 sur 250 envois');
  });
});
