import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { addFairly, type Mailer, messages, RpcFailure } from '@hub/kit';
import {
  type Actor,
  type CreateWebhookRequest,
  type DeliveredEventType,
  ERROR_TEXTS,
  type PageRequest,
  WEBHOOK_DELIVERY_PAGE,
  WEBHOOK_MAX_PAYLOAD_BYTES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryJob,
  type WebhookDeliveryList,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  WebhookEvent,
  type WebhookEventData,
  type WebhookPayload,
  type WebhookView,
  withCredentialsMasked,
} from '@hub/proto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { MAILER, NETWORK_GUARD, WEBHOOK_QUEUE } from '../tokens.js';
import { PreferencesService } from '../settings/preferences.service.js';
import { type NetworkGuard, RefusedAddressError, refusalText } from './network-guard.js';
import { ENDPOINT_DISABLED } from './webhook-delivery.js';
import {
  type DeliveryRow,
  type NewDelivery,
  WebhookDeliveriesRepository,
} from './webhook-deliveries.repository.js';
import { type EndpointRow, WebhookEndpointsRepository } from './webhook-endpoints.repository.js';

const HOUR_MS = 3_600_000;
/** After a rotation the secret replaced signs deliveries too, for this long (each of them). */
export const PREVIOUS_SECRET_VALID_MS = 24 * HOUR_MS;

/** Enough for every system an organization feeds; a bound on the deliveries one fact makes. */
export const MAX_ENDPOINTS = 20;
export const TOO_MANY_ENDPOINTS = `An organization can have at most ${MAX_ENDPOINTS} webhook endpoints. Delete one first.`;

export const DELIVERY_IN_FLIGHT = ERROR_TEXTS.webhook_delivery_in_flight;
export const ENDPOINT_IS_DISABLED = ERROR_TEXTS.webhook_endpoint_disabled;
export const NOT_QUEUED =
  'Not sent again: the delivery queue could not be reached. Replay it again.';

/** `whsec_` and 32 random bytes in base64 (Standard Webhooks' secret format). */
export const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The `webhook-id`: unique per delivery, the same on every attempt and replay. */
const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** Until when a replaced secret still signs: the last one replaced, which expires last. */
function lastValidUntil(row: EndpointRow, now: Date): Date | null {
  const times = row.previous_secrets
    .map((previous) => previous.validUntil.getTime())
    .filter((time) => time > now.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

export const endpointView = (row: EndpointRow, now = new Date()): WebhookView => ({
  id: row.id,
  // An address an older release took with a password is still sent to, never shown with it.
  url: withCredentialsMasked(row.url),
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  failingSince: row.failing_since?.toISOString() ?? null,
  previousSecretValidUntil: lastValidUntil(row, now)?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

const deliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  messageId: row.message_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.response_status,
  responseMs: row.response_ms,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
});

/**
 * The payload's `eventId`: derived from the organization and the fact's id, so every endpoint's
 * delivery of one event carries the same, and the fact announced again (an endpoint added in
 * between) too; opaque, as the fact's id is the producers' own naming.
 */
export const eventIdOf = (organizationId: number, factId: string) =>
  `evt_${createHash('sha256').update(`${organizationId}:${factId}`).digest('hex').slice(0, 32)}`;

/** An event as its payload says it: built once per event, the same body for every endpoint. */
interface PayloadEvent {
  eventId: string;
  type: DeliveredEventType;
  occurredAt: string;
  data: WebhookEventData;
}

/** The body sent: bounded by its schema, refused past the hard limit all the same. */
export function payloadOf({ eventId, type, occurredAt, data }: PayloadEvent) {
  const payload: WebhookPayload = { type, timestamp: occurredAt, eventId, data };
  const body = JSON.stringify(payload);
  if (Buffer.byteLength(body) > WEBHOOK_MAX_PAYLOAD_BYTES) {
    throw new Error(`a ${type} payload of ${Buffer.byteLength(body)} bytes is over the limit`);
  }
  return body;
}

/** An organization's webhook endpoints: registered, listed, rotated, and fed its events. */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(WebhookEndpointsRepository)
    private readonly webhookEndpoints: WebhookEndpointsRepository,
    @Inject(WebhookDeliveriesRepository)
    private readonly webhookDeliveries: WebhookDeliveriesRepository,
    @Inject(WEBHOOK_QUEUE) private readonly queue: Queue<WebhookDeliveryJob>,
    @Inject(NETWORK_GUARD) private readonly guard: NetworkGuard,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(PreferencesService) private readonly preferences: PreferencesService,
  ) {}

  async list(actor: Actor) {
    return {
      webhooks: (await this.webhookEndpoints.endpoints(actor.organizationId)).map((row) =>
        endpointView(row),
      ),
    };
  }

  async create(actor: Actor, request: CreateWebhookRequest) {
    const url = new URL(request.url);
    await this.checkAddress(actor, url);
    const secret = newSecret();
    const row = await this.webhookEndpoints.create(
      {
        organizationId: actor.organizationId,
        url: url.toString(),
        description: request.description ?? '',
        events: [...new Set(request.events)],
        secret,
        createdBy: actor.userId,
      },
      MAX_ENDPOINTS,
    );
    if (!row) throw RpcFailure.validation(TOO_MANY_ENDPOINTS);
    return { webhook: endpointView(row), secret };
  }

  private async checkAddress(actor: Actor, url: URL): Promise<void> {
    try {
      await this.guard.target(url, this.config.WEBHOOK_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof RefusedAddressError)) throw error;
      this.logger.warn(
        `webhook address refused in organization ${actor.organizationId}: ${error.detail}`,
      );
      throw RpcFailure.validation(refusalText(error), 'url');
    }
  }

  async remove(actor: Actor, webhookId: number) {
    if (!(await this.webhookEndpoints.remove(actor.organizationId, webhookId))) throw notFound();
    return { message: 'Webhook removed. Nothing more is sent to it.' };
  }

  async rotateSecret(actor: Actor, webhookId: number) {
    const secret = newSecret();
    const until = new Date(Date.now() + PREVIOUS_SECRET_VALID_MS);
    const row = await this.webhookEndpoints.rotate(actor.organizationId, webhookId, secret, until);
    if (!row) throw notFound();
    return { webhook: endpointView(row), secret };
  }

  async enable(actor: Actor, webhookId: number) {
    const row = await this.webhookEndpoints.enable(actor.organizationId, webhookId);
    if (!row) throw notFound();
    return endpointView(row);
  }

  /** A test event, refused (409) while the endpoint is disabled: it would fail unsent. */
  async test(actor: Actor, webhookId: number) {
    const endpoint = await this.webhookEndpoints.endpoint(actor.organizationId, webhookId);
    if (!endpoint) throw notFound();
    if (!endpoint.enabled) throw disabledEndpoint();
    const factId = `test-${randomUUID()}`;
    const payload = payloadOf({
      eventId: eventIdOf(endpoint.organization_id, factId),
      type: WEBHOOK_TEST_EVENT,
      occurredAt: new Date().toISOString(),
      data: { webhookId, message: 'A test event sent from Settings > Webhooks.' },
    });
    await this.enqueue(
      await this.webhookDeliveries.addDeliveries([
        {
          endpointId: endpoint.id,
          organizationId: endpoint.organization_id,
          eventId: factId,
          messageId: newMessageId(),
          eventType: WEBHOOK_TEST_EVENT,
          payload,
        },
      ]),
    );
    return { message: 'Test event sent. It shows in the deliveries.' };
  }

  /**
   * A page of the endpoint's log, of one status when asked; the newest page for a gateway of the
   * previous release (it asks no page).
   */
  async deliveries(
    actor: Actor,
    webhookId: number,
    page: PageRequest = { limit: WEBHOOK_DELIVERY_PAGE },
    status?: WebhookDeliveryStatus,
  ): Promise<WebhookDeliveryList> {
    if (!(await this.webhookEndpoints.endpoint(actor.organizationId, webhookId))) throw notFound();
    const { rows, totalCount, nextCursor } = await this.webhookDeliveries.deliveryPage(
      actor.organizationId,
      webhookId,
      page,
      status,
    );
    return { deliveries: rows.map(deliveryView), totalCount, nextCursor };
  }

  /**
   * A finished delivery sent again. One still pending is refused (409): its job is queued or
   * sending, and a second job would send it at the same time as the first. So is one of a
   * disabled endpoint (409): it would fail at once, unsent.
   */
  async replay(actor: Actor, webhookId: number, deliveryId: number) {
    const endpoint = await this.webhookEndpoints.endpoint(actor.organizationId, webhookId);
    if (endpoint && !endpoint.enabled) throw disabledEndpoint();
    const row = await this.webhookDeliveries.replay(actor.organizationId, webhookId, deliveryId);
    if (!row) throw RpcFailure.notFound('Delivery not found');
    if (row === 'in-flight') throw new RpcFailure('conflict', DELIVERY_IN_FLIGHT);
    try {
      await this.enqueue([row]);
    } catch (error) {
      // Left pending without a job, it could never be replayed again.
      await this.webhookDeliveries
        .notQueued(row.id, row.round, NOT_QUEUED)
        .catch((failure: unknown) => this.logger.warn(`replay not undone: ${String(failure)}`));
      throw error;
    }
    return { message: 'Delivery sent again, with the same webhook-id.' };
  }

  /**
   * One delivery per endpoint of the event's organization that subscribed to its type, and of
   * no other organization: the organization comes from the event's producer, which recorded the
   * fact in that organization. A disabled endpoint's is kept failed, never sent: once it is
   * enabled again, Replay sends what it missed while it was off.
   */
  async fanOut(organizationId: number, announced: WebhookEvent): Promise<void> {
    // The bus carries JSON as written: the bounds are checked here, and an event outside them
    // is dropped (logged), never retried as it would fail the same way each time.
    const parsed = WebhookEvent.safeParse(announced);
    if (!parsed.success) {
      this.logger.error(`webhook event refused: ${parsed.error.message.slice(0, 500)}`);
      return;
    }
    const event = parsed.data;
    const endpoints = await this.webhookEndpoints.subscribed(organizationId, event.type);
    if (endpoints.length === 0) return;
    let payload: string;
    try {
      payload = payloadOf({ ...event, eventId: eventIdOf(organizationId, event.id) });
    } catch (error) {
      this.logger.error(`webhook event ${event.id} refused: ${String(error)}`);
      return;
    }
    const deliveries: NewDelivery[] = endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      organizationId,
      eventId: event.id,
      messageId: newMessageId(),
      eventType: event.type,
      payload,
      failed: endpoint.enabled ? null : ENDPOINT_DISABLED,
    }));
    await this.enqueue(await this.webhookDeliveries.addDeliveries(deliveries));
  }

  private async enqueue(rows: DeliveryRow[]): Promise<void> {
    for (const row of rows) {
      await addFairly(
        this.queue,
        'deliver',
        { deliveryId: row.id, organizationId: row.organization_id, round: row.round },
        { backoff: { type: 'exponential', delay: this.config.WEBHOOK_RETRY_BASE_MS } },
      );
    }
  }

  /**
   * Tells the organization's administrators that an endpoint was disabled, each in their
   * language.
   */
  async mailDisabled(endpoint: EndpointRow, hours: number): Promise<void> {
    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/settings`;
    const admins = await this.webhookEndpoints.admins(endpoint.organization_id);
    const languages = new Map(
      (await this.preferences.languagesOf(admins.map((admin) => admin.id))).map((found) => [
        found.userId,
        found.language,
      ]),
    );
    for (const { id, email: to } of admins) {
      const say = messages(languages.get(id) ?? 'en').webhookDisabled;
      // An address an older release kept with a password: the mail (and the outbox row it
      // leaves) names it as the settings page shows it, never with the password.
      const disabled = say.disabled({ url: withCredentialsMasked(endpoint.url), hours });
      await this.mailer
        .send({
          to,
          subject: say.subject,
          text: `${disabled}\n\n${say.kept} ${say.where}: ${link}`,
          html:
            `<p>${escapeHtml(disabled)}</p><p>${escapeHtml(say.kept)} ` +
            `<a href="${escapeHtml(link)}">${escapeHtml(say.where)}</a>.</p>`,
        })
        .catch((error: unknown) =>
          this.logger.warn(`webhook disabled mail to ${to} not sent: ${String(error)}`),
        );
    }
  }
}

const notFound = () => RpcFailure.notFound('Webhook not found');
const disabledEndpoint = () => new RpcFailure('conflict', ENDPOINT_IS_DISABLED);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
