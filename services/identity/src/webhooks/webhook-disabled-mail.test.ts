import { describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import type { Mailer, OutgoingMail } from '@hub/kit';
import type { WebhookDeliveryJob } from '@hub/proto';
import type { IdentityConfig } from '../config.js';
import type { PreferencesService } from '../settings/preferences.service.js';
import type { NetworkGuard } from './network-guard.js';
import type { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import type { EndpointRow, WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhooksService } from './webhooks.service.js';

const endpoint = (url: string): EndpointRow => ({
  id: 7,
  organization_id: 3,
  url,
  description: '',
  events: ['member.joined'],
  secret: 'whsec_x',
  previous_secrets: [],
  enabled: false,
  disabled_reason: 'every delivery failed for 24 hours',
  failing_since: new Date(),
  last_failure_at: new Date(),
  created_at: new Date(),
});

function serviceMailing(sent: OutgoingMail[]) {
  const endpoints = {
    admins: async () => [{ id: 1, email: 'admin@acme.test' }],
  } as unknown as WebhookEndpointsRepository;
  const preferences = {
    languagesOf: async () => [{ userId: 1, language: 'en' }],
  } as unknown as PreferencesService;
  const mailer = {
    send: async (mail: OutgoingMail) => {
      sent.push(mail);
    },
  } as unknown as Mailer;
  return new WebhooksService(
    endpoints,
    {} as WebhookDeliveriesRepository,
    {} as Queue<WebhookDeliveryJob>,
    {} as NetworkGuard,
    { PUBLIC_URL: 'https://hub.example' } as IdentityConfig,
    mailer,
    preferences,
  );
}

describe('the mail telling administrators an endpoint was disabled', () => {
  it('never carries the password of an address an older release kept with one', async () => {
    const sent: OutgoingMail[] = [];
    await serviceMailing(sent).mailDisabled(
      endpoint('https://hooks:s3cr3t-pass@receiver.example/in'),
      24,
    );
    expect(sent).toHaveLength(1);
    const mail = JSON.stringify(sent[0]);
    expect(mail).not.toContain('s3cr3t-pass');
    expect(mail).toContain('https://hooks:***@receiver.example/in');
  });
});
