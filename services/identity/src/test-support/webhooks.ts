import type { Queue } from 'bullmq';
import type { Mailer } from '@hub/kit';
import type { WebhookDeliveryJob } from '@hub/proto';
import type { IdentityConfig } from '../config.js';
import type { PreferencesService } from '../settings/preferences.service.js';
import type { NetworkGuard } from '../webhooks/network-guard.js';
import type { NewDelivery, WebhooksRepository } from '../webhooks/webhooks.repository.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';

/**
 * A webhooks service over a stand-in repository holding only what the test calls; the queue,
 * the network guard, the mailer and the preferences are never reached by the unit tests.
 */
export function webhooksServiceOver(
  repository: Partial<Record<keyof WebhooksRepository, unknown>>,
) {
  return new WebhooksService(
    repository as unknown as WebhooksRepository,
    {} as Queue<WebhookDeliveryJob>,
    {} as NetworkGuard,
    { PUBLIC_URL: 'https://hub.example' } as IdentityConfig,
    {} as Mailer,
    {} as PreferencesService,
  );
}

/** A repository's `addDeliveries` keeping the rows in `added` and answering `saved` for them. */
export function recordedDeliveries<T>(saved: (rows: NewDelivery[]) => T[] = () => []) {
  const added: NewDelivery[] = [];
  const addDeliveries = async (rows: NewDelivery[]) => {
    added.push(...rows);
    return saved(rows);
  };
  return { added, addDeliveries };
}
