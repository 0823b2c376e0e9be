import { describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { type Mailer, messages } from '@hub/kit';
import { type Actor, LANGUAGES, type WebhookDeliveryJob } from '@hub/proto';
import type { IdentityConfig } from '../config.js';
import type { PreferencesService } from '../settings/preferences.service.js';
import type { NetworkGuard } from './network-guard.js';
import type { NewDelivery, WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

const admin: Actor = { userId: 1, organizationId: 3, role: 'admin' };

/** Webhooks live on the Settings page, in its Webhooks card (web's SettingsPage). */
describe('where the webhook texts send an administrator', () => {
  it('the test delivery names Settings > Webhooks', async () => {
    const added: NewDelivery[] = [];
    const repository = {
      endpoint: async () => ({ id: 7, organization_id: 3, enabled: true }),
      addDeliveries: async (rows: NewDelivery[]) => {
        added.push(...rows);
        return [];
      },
    } as unknown as WebhooksRepository;
    const service = new WebhooksService(
      repository,
      {} as Queue<WebhookDeliveryJob>,
      {} as NetworkGuard,
      { PUBLIC_URL: 'https://hub.example' } as IdentityConfig,
      {} as Mailer,
      {} as PreferencesService,
    );
    await service.test(admin, 7);
    expect(added).toHaveLength(1);
    const text = JSON.stringify(added[0]!.payload);
    expect(text).toContain('Settings > Webhooks');
    expect(text).not.toContain('Integrations');
  });

  it.each(LANGUAGES)('the disabled endpoint mail names the Webhooks card (%s)', (language) => {
    expect(messages(language).webhookDisabled.where).toMatch(/ > Webhooks$/);
  });
});
