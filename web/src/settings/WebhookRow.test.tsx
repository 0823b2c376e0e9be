import type { WebhookDeliveryList } from '@hub/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { webhookDeliveriesQuery } from './queries';
import { endpoint } from './webhook-endpoint.test-support';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookRow } from './WebhookRow';

const log: WebhookDeliveryList = {
  deliveries: [
    {
      id: 31,
      messageId: 'msg_1',
      eventType: 'member.joined',
      status: 'failed',
      attempts: 0,
      responseStatus: null,
      responseMs: null,
      error: 'endpoint disabled',
      createdAt: '2026-12-05T10:00:00.000Z',
      lastAttemptAt: null,
    },
  ],
  totalCount: 1,
  nextCursor: null,
};

const render = (element: ReactElement) => {
  const client = new QueryClient();
  client.setQueryData(webhookDeliveriesQuery(7).queryKey, {
    pages: [log],
    pageParams: [undefined],
  });
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, element));
};

const row = (enabled: boolean) =>
  render(createElement(WebhookRow, { webhook: endpoint(enabled), onSecret: () => {} }));
const deliveries = (enabled: boolean) =>
  render(
    createElement(WebhookDeliveries, {
      webhookId: 7,
      unsendable: enabled ? null : { id: 'why', reason: i18n.t('settings.webhooks.enableToSend') },
    }),
  );

/** The button with `testId`, as rendered. */
const button = (markup: string, testId: string) =>
  new RegExp(`<button[^>]*data-testid="${testId}"[^>]*>`).exec(markup)?.[0] ?? '';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/**
 * A disabled endpoint refuses every delivery ("endpoint disabled"): "Send test event" and
 * "Replay" said they were sent, then the delivery failed at once.
 */
describe('sending to a disabled endpoint', () => {
  it('is not offered: Send test event is disabled, and says why', () => {
    const markup = row(false);
    expect(button(markup, 'webhook-test')).toContain('disabled=""');
    expect(button(markup, 'webhook-test')).toContain('title="Enable the endpoint to send"');
    // Shown, not only a tooltip: a phone has no hover.
    expect(markup).toMatch(/<p id="[^"]+"[^>]*>Enable the endpoint to send<\/p>/);
  });

  it('is not offered: Replay is disabled, and says why', () => {
    const markup = deliveries(false);
    expect(button(markup, 'webhook-delivery-replay')).toContain('disabled=""');
    expect(button(markup, 'webhook-delivery-replay')).toContain(
      'title="Enable the endpoint to send"',
    );
  });

  it("says why in the reader's language", async () => {
    await i18n.changeLanguage('es');
    expect(row(false)).toContain('Activa el endpoint para enviar');
    await i18n.changeLanguage('fr');
    expect(button(deliveries(false), 'webhook-delivery-replay')).toContain(
      'title="Réactivez le point de terminaison pour envoyer"',
    );
  });

  it('is offered again once the endpoint is enabled', () => {
    expect(button(row(true), 'webhook-test')).not.toContain('disabled=""');
    expect(button(row(true), 'webhook-test')).not.toContain('title=');
    expect(button(deliveries(true), 'webhook-delivery-replay')).not.toContain('disabled=""');
  });
});
