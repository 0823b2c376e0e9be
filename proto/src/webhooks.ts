import { z } from 'zod';
import { ERROR_TEXTS } from './error-codes.js';
import { PageInfo, pageQuery } from './paging.js';
import { RowId } from './row-id.js';

/** What an endpoint can subscribe to: facts the product already records. */
export const WEBHOOK_EVENT_TYPES = [
  'member.joined',
  'member.removed',
  'document.processed',
  'evaluation.published',
  'observation.completed',
  'certification.issued',
  'certification.expiring',
  'certification.expired',
  'certification.revoked',
  'video.analysed',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** Sent by "Send test event" to one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const DeliveredEventType = z.union([WebhookEventType, z.literal(WEBHOOK_TEST_EVENT)]);
export type DeliveredEventType = z.infer<typeof DeliveredEventType>;

/** The prefix of every signing secret (Standard Webhooks): `whsec_` and 32 random bytes, base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A delivered body is never larger than this (the bounded fields below keep far under it). */
export const WEBHOOK_MAX_PAYLOAD_BYTES = 64 * 1024;

/**
 * An event's data: a flat record of identifiers, names and dates of the endpoint's own
 * organization, each bounded, so a payload is small by construction and carries no document
 * content, no answers, no other organization's anything.
 */
export const WebhookEventData = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((data) => Object.keys(data).length <= 32, 'at most 32 fields');
export type WebhookEventData = z.infer<typeof WebhookEventData>;

/** One fact of one organization, as its producer announces it (a DomainEvent carries it). */
export const WebhookEvent = z.object({
  /** Unique per fact: the same fact announced twice makes one delivery per endpoint. */
  id: z.string().min(1).max(120),
  type: WebhookEventType,
  occurredAt: z.string().max(40),
  data: WebhookEventData,
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The body an endpoint receives (Standard Webhooks' recommended shape). */
export const WebhookPayload = z.object({
  type: DeliveredEventType,
  timestamp: z.string(),
  /**
   * The event's id (`evt_…`): the same in every endpoint's delivery of it and on every retry
   * and replay, where the `webhook-id` header names one endpoint's delivery.
   */
  eventId: z.string(),
  data: WebhookEventData,
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/**
 * An address's scheme and its user info (`https://user:pass@`): up to the authority's last `@`,
 * as URL parsers read it. Read with a pattern, as proto runs where `URL` is not declared; a
 * backslash ends the authority for a parser, not here, so the pattern errs toward refusing.
 */
const USER_INFO = /^([a-z][a-z\d+.-]*:\/\/)([^/?#]*)@/i;

/**
 * Whether an address carries a user name or password: it would be kept, listed and logged as
 * typed, and a delivery needs none, being signed.
 */
export const holdsCredentials = (url: string): boolean => USER_INFO.test(url);

/**
 * The address with its user info masked (`https://user:***@host`, `https://***@host` for a
 * name alone, which may be a token): how one kept from before is shown and logged.
 */
export const withCredentialsMasked = (url: string): string =>
  url.replace(USER_INFO, (_, scheme: string, info: string) => {
    const colon = info.indexOf(':');
    return `${scheme}${colon < 0 ? '' : `${info.slice(0, colon)}:`}***@`;
  });

export const CreateWebhookRequest = z.object({
  url: z
    .url({ protocol: /^https?$/, error: ERROR_TEXTS.https_address_required })
    .max(2000)
    .refine((url) => !holdsCredentials(url), ERROR_TEXTS.webhook_address_credentials),
  description: z.string().trim().max(200).default(''),
  events: z
    .array(WebhookEventType)
    .min(1, 'Please pick at least one event.')
    .max(WEBHOOK_EVENT_TYPES.length),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

export const WebhookView = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  enabled: z.boolean(),
  /** Why it was disabled (failing for a day), when it was. */
  disabledReason: z.string().nullable(),
  /** Since when every attempt failed; null while the last attempt succeeded. */
  failingSince: z.string().nullable(),
  /** Until when the secret before the last rotation still signs deliveries too. */
  previousSecretValidUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookView = z.infer<typeof WebhookView>;

export const WebhookList = z.object({ webhooks: z.array(WebhookView) });
export type WebhookList = z.infer<typeof WebhookList>;

/** The new endpoint with its signing secret, answered this once and never again. */
export const CreatedWebhook = z.object({ webhook: WebhookView, secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const RotatedWebhookSecret = z.object({ webhook: WebhookView, secret: z.string() });
export type RotatedWebhookSecret = z.infer<typeof RotatedWebhookSecret>;

export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookDeliveryView = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt and on a replay. */
  messageId: z.string(),
  eventType: DeliveredEventType,
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  /** The endpoint's HTTP status at the last attempt (null: no answer). */
  responseStatus: z.number().int().nullable(),
  /** How long the endpoint took to answer at the last attempt. */
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;

/** A page of the delivery log: the newest 100, as the log showed before it paged. */
export const WEBHOOK_DELIVERY_PAGE = 100;

/**
 * An endpoint's deliveries, newest first (created, then id), a page after the cursor; those of
 * one status alone when asked (the failed ones, to replay what a receiver down missed).
 */
export const WebhookDeliveryListQuery = pageQuery(WEBHOOK_DELIVERY_PAGE, 200).extend({
  status: WebhookDeliveryStatus.optional(),
});
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuery>;

export const WebhookDeliveryList = PageInfo.extend({ deliveries: z.array(WebhookDeliveryView) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

/** An endpoint named in a path: an id past the table's `integer` is refused (400), never a 500. */
export const WebhookIdParams = z.object({ id: RowId });
export type WebhookIdParams = z.infer<typeof WebhookIdParams>;

export const WebhookDeliveryParams = z.object({ id: RowId, deliveryId: RowId });
export type WebhookDeliveryParams = z.infer<typeof WebhookDeliveryParams>;

/** A delivery attempt (its retries are BullMQ's, with the same job and the same message id). */
export const WebhookDeliveryJob = z.object({
  deliveryId: z.number().int(),
  organizationId: z.number().int(),
  /** 0 for the first sending, bumped by each replay, so a replay is a job of its own. */
  round: z.number().int().min(0),
});
export type WebhookDeliveryJob = z.infer<typeof WebhookDeliveryJob>;
