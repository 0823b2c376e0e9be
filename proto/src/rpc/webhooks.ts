import { z } from 'zod';
import { MessageResponse } from '../accounts.js';
import { PageRequest } from '../paging.js';
import { Actor } from '../roles.js';
import { ActorOnly, rpc, FROM_ROUTES } from '../rpc.js';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  RotatedWebhookSecret,
  WebhookDeliveryList,
  WebhookDeliveryStatus,
  WebhookList,
  WebhookView,
} from '../webhooks.js';

const OneWebhook = z.object({ actor: Actor, webhookId: z.number().int() });

/** Webhooks live in identity, beside the organizations, their administrators and the mail outbox. */
export const webhooksRpc = {
  list: rpc('identity', 'webhooks.list', FROM_ROUTES, ActorOnly, WebhookList),
  create: rpc(
    'identity',
    'webhooks.create',
    FROM_ROUTES,
    z.object({ actor: Actor, webhook: CreateWebhookRequest }),
    CreatedWebhook,
  ),
  remove: rpc('identity', 'webhooks.remove', FROM_ROUTES, OneWebhook, MessageResponse),
  rotateSecret: rpc(
    'identity',
    'webhooks.rotate-secret',
    FROM_ROUTES,
    OneWebhook,
    RotatedWebhookSecret,
  ),
  enable: rpc('identity', 'webhooks.enable', FROM_ROUTES, OneWebhook, WebhookView),
  test: rpc('identity', 'webhooks.test', FROM_ROUTES, OneWebhook, MessageResponse),
  deliveries: rpc(
    'identity',
    'webhooks.deliveries',
    FROM_ROUTES,
    // No page from a gateway of the previous release (rolling upgrade): the newest page.
    OneWebhook.extend({ page: PageRequest.optional(), status: WebhookDeliveryStatus.optional() }),
    WebhookDeliveryList,
  ),
  replay: rpc(
    'identity',
    'webhooks.replay',
    FROM_ROUTES,
    z.object({ actor: Actor, webhookId: z.number().int(), deliveryId: z.number().int() }),
    MessageResponse,
  ),
} as const;
