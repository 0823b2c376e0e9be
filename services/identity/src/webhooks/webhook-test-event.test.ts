import { describe, expect, it } from 'vitest';
import { messages } from '@hub/kit';
import { type Actor, LANGUAGES } from '@hub/proto';
import { recordedDeliveries, webhooksServiceOver } from '../test-support/webhooks.js';

const admin: Actor = { userId: 1, organizationId: 3, role: 'admin' };

/** Webhooks live on the Settings page, in its Webhooks card (web's SettingsPage). */
describe('where the webhook texts send an administrator', () => {
  it('the test delivery names Settings > Webhooks', async () => {
    const { added, addDeliveries } = recordedDeliveries();
    const service = webhooksServiceOver({
      endpoint: async () => ({ id: 7, organization_id: 3, enabled: true }),
      addDeliveries,
    });
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
