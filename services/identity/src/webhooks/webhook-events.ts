import type { DomainEvent } from '@hub/proto';
import type { EventBus, EventSubscription } from '@hub/kit';
import type { WebhooksService } from './webhooks.service.js';

/**
 * Webhooks' own consumer group on the event bus (a durable Redis stream read at least once):
 * every `webhook.event` any service announces becomes deliveries; a user removed from an
 * organization (`user.deleted`, already announced) is the `member.removed` event. A handler
 * failure leaves the event pending, to be taken again; the deliveries' (endpoint, event) key
 * makes that harmless.
 */
export function handleWebhookEvents(
  events: EventBus,
  webhooks: WebhooksService,
): EventSubscription {
  return events.subscribe('webhooks', async (event: DomainEvent) => {
    if (event.type === 'webhook.event') {
      await webhooks.fanOut(event.organizationId, event.event);
    } else if (event.type === 'user.deleted') {
      await webhooks.fanOut(event.organizationId, {
        id: `member.removed-${event.userId}`,
        type: 'member.removed',
        occurredAt: new Date().toISOString(),
        data: { userId: event.userId },
      });
    }
  });
}
