import type { WebhookEventData, WebhookEventType } from '@hub/proto';
import { logger } from '@hub/runtime';
import type { EventPublisher, SqlRunner } from './outbox.js';

const log = logger('webhooks');

/** A fact an organization's webhook endpoints may subscribe to. */
export interface AnnouncedFact {
  organizationId: number;
  type: WebhookEventType;
  /** Names the fact: the same fact announced twice makes one delivery (its event id). */
  key: string;
  data: WebhookEventData;
  occurredAt?: Date;
}

/**
 * Announces facts through the service's outbox (identity turns them into signed deliveries).
 * Given the transaction that records the fact, the announcement commits with it, so it is
 * neither lost to a crash after the commit nor sent for a change rolled back. Without one (a
 * fact recorded by a single statement) it is written right after; a failure then is logged,
 * never the fact's undoing.
 */
export class WebhookAnnouncer {
  constructor(private readonly events: EventPublisher) {}

  async announce(fact: AnnouncedFact, tx?: SqlRunner): Promise<void> {
    const event = {
      type: 'webhook.event' as const,
      organizationId: fact.organizationId,
      event: {
        id: `${fact.type}:${fact.key}`,
        type: fact.type,
        occurredAt: (fact.occurredAt ?? new Date()).toISOString(),
        data: fact.data,
      },
    };
    // In a transaction a failure is the transaction's: the change and its event go together.
    if (tx) return this.events.publish(event, tx);
    await this.events
      .publish(event)
      .catch((error: unknown) =>
        log.warn(
          { organizationId: fact.organizationId },
          `webhook event ${fact.type} ${fact.key} not announced: ${String(error)}`,
        ),
      );
  }
}

/** Text bounded to what a payload field takes. */
export const bounded = (text: string, length = 200) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;
