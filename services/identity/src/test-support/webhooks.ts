import type { Queue } from 'bullmq';
import type { Mailer } from '@hub/kit';
import type { WebhookDeliveryJob } from '@hub/proto';
import type { IdentityConfig } from '../config.js';
import type { PreferencesService } from '../settings/preferences.service.js';
import type { NetworkGuard } from '../webhooks/network-guard.js';
import type {
  NewDelivery,
  WebhookDeliveriesRepository,
} from '../webhooks/webhook-deliveries.repository.js';
import type { WebhookEndpointsRepository } from '../webhooks/webhook-endpoints.repository.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';

/** What a stand-in for the endpoints' and deliveries' repositories holds: what the test calls. */
type StandInRepositories = Partial<
  Record<keyof WebhookEndpointsRepository | keyof WebhookDeliveriesRepository, unknown>
>;

/**
 * A webhooks service over one stand-in for both repositories, holding only what the test calls;
 * the queue, the network guard, the mailer and the preferences are never reached by the unit
 * tests.
 */
export function webhooksServiceOver(repository: StandInRepositories) {
  return new WebhooksService(
    repository as unknown as WebhookEndpointsRepository,
    repository as unknown as WebhookDeliveriesRepository,
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
