import { z } from 'zod';
import { NotificationRequest } from './notification-texts.js';
import { WebhookEvent } from './webhooks.js';

/** Facts one service announces and others react to; each service handles what concerns it. */
export const DomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('organization.deleted'), organizationId: z.number().int() }),
  z.object({
    type: z.literal('user.deleted'),
    userId: z.number().int(),
    organizationId: z.number().int(),
  }),
  /**
   * A library document was deleted: what names it as an SOP elsewhere (job functions' required
   * SOPs, courses, camera assignments) lets go of it. Certifications already issued stay.
   */
  z.object({
    type: z.literal('document.deleted'),
    organizationId: z.number().int(),
    documentId: z.number().int(),
  }),
  /**
   * A member was suspended (SCIM `active: false`) or restored, at `at` (ISO 8601): the floor
   * counts nobody suspended as present. `at` orders them, so a replay or a late delivery of an
   * older change leaves the newer one standing.
   */
  z.object({
    type: z.literal('member.suspended'),
    organizationId: z.number().int(),
    userId: z.number().int(),
    at: z.string(),
  }),
  z.object({
    type: z.literal('member.restored'),
    organizationId: z.number().int(),
    userId: z.number().int(),
    at: z.string(),
  }),
  /** A profile picture was set or changed: the video service enrols its face. */
  z.object({
    type: z.literal('user.picture-changed'),
    userId: z.number().int(),
    organizationId: z.number().int(),
    pictureKey: z.string(),
    changedBy: z.number().int(),
  }),
  /**
   * A fact an organization's webhook endpoints may subscribe to; identity turns it into one
   * delivery per subscribed endpoint of that organization (and of no other).
   */
  z.object({
    type: z.literal('webhook.event'),
    organizationId: z.number().int(),
    event: WebhookEvent,
  }),
  /**
   * People to be told something (identity writes it in each reader's language), written in the
   * transaction of the change it tells of, so a committed change always has its notice. `key`
   * as `identityRpc.notify`'s: the relay and the bus deliver at least once, identity tells each
   * person once under it.
   */
  z.object({
    type: z.literal('notification.requested'),
    userIds: z.array(z.number().int()).max(1000),
    notification: NotificationRequest,
    key: z.string().min(1).max(200),
  }),
]);
export type DomainEvent = z.infer<typeof DomainEvent>;

/**
 * Identity's consumer group for `notification.requested`: its publishers make it exist before
 * identity first reads (`EventBus.keepFor`), so a notice published by a service upgraded first
 * is kept for it.
 */
export const NOTIFICATIONS_GROUP = 'notifications';
