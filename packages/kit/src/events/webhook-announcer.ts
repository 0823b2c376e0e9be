import type { WebhookEventData, WebhookEventType } from '@hub/proto';
import { logger } from '@hub/runtime';
import type { EventBus } from './event-bus.js';

const log = logger('webhooks');

/**
 * Announces a fact an organization's webhook endpoints may subscribe to, on the durable event
 * bus (identity turns it into signed deliveries). Called where the product already records the
 * fact, once its transaction committed. `key` names the fact (the same fact announced twice
 * makes one delivery). A failure to announce is logged, never the fact's undoing.
 */
export class WebhookAnnouncer {
  constructor(private readonly events: Pick<EventBus, 'publish'>) {}

  async announce(
    organizationId: number,
    type: WebhookEventType,
    key: string,
    data: WebhookEventData,
    occurredAt: Date = new Date(),
  ): Promise<void> {
    await this.events
      .publish({
        type: 'webhook.event',
        organizationId,
        event: { id: `${type}:${key}`, type, occurredAt: occurredAt.toISOString(), data },
      })
      .catch((error: unknown) =>
        log.warn(
          { organizationId },
          `webhook event ${type} ${key} not announced: ${String(error)}`,
        ),
      );
  }
}

/** Text bounded to what a payload field takes. */
export const bounded = (text: string, length = 200) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;
