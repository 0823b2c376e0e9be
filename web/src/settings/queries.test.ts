import type { WebhookDeliveryList, WebhookList } from '@hub/proto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookDeliveriesQuery, webhooksQuery } from './queries';
import { endpoint } from './webhook-endpoint.test-support';

/** The server's answers by path; what the test changes is what a later request reads. */
function serve(answers: { webhooks: WebhookList; deliveries: WebhookDeliveryList }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://hub.test').pathname;
      const body = path.endsWith('/deliveries') ? answers.deliveries : answers.webhooks;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

/**
 * The list read the endpoint once: with its delivery log open, a row kept saying "Enabled"
 * while the log showed every delivery failing "endpoint disabled".
 */
describe("an endpoint's delivery log, followed while open", () => {
  it('reads the endpoint list again with each reading of the log, so the two agree', async () => {
    const answers = {
      webhooks: { webhooks: [endpoint(true)] },
      deliveries: { deliveries: [], totalCount: 0, nextCursor: null },
    };
    serve(answers);
    const client = new QueryClient();
    await client.fetchQuery(webhooksQuery);
    // Disabled since the list was read.
    answers.webhooks = { webhooks: [endpoint(false)] };
    await client.fetchInfiniteQuery(webhookDeliveriesQuery(7));
    expect(client.getQueryData(webhooksQuery.queryKey)?.webhooks[0]?.enabled).toBe(false);
  });
});
