import { z } from 'zod';
import { MessageResponse } from '../accounts.js';
import { Actor, OWN_ORGANIZATION_ADMINS } from '../roles.js';
import { ActorOnly, rpc } from '../rpc.js';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  RotatedWebhookSecret,
  WebhookDeliveryList,
  WebhookList,
  WebhookView,
} from '../webhooks.js';

const OneWebhook = z.object({ actor: Actor, webhookId: z.number().int() });

/** Webhooks live in identity, beside the organizations, their administrators and the mail outbox. */
export const webhooksRpc = {
  list: rpc('identity', 'webhooks.list', OWN_ORGANIZATION_ADMINS, ActorOnly, WebhookList),
  create: rpc(
    'identity',
    'webhooks.create',
    OWN_ORGANIZATION_ADMINS,
    z.object({ actor: Actor, webhook: CreateWebhookRequest }),
    CreatedWebhook,
  ),
  remove: rpc('identity', 'webhooks.remove', OWN_ORGANIZATION_ADMINS, OneWebhook, MessageResponse),
  rotateSecret: rpc(
    'identity',
    'webhooks.rotate-secret',
    OWN_ORGANIZATION_ADMINS,
    OneWebhook,
    RotatedWebhookSecret,
  ),
  enable: rpc('identity', 'webhooks.enable', OWN_ORGANIZATION_ADMINS, OneWebhook, WebhookView),
  test: rpc('identity', 'webhooks.test', OWN_ORGANIZATION_ADMINS, OneWebhook, MessageResponse),
  deliveries: rpc(
    'identity',
    'webhooks.deliveries',
    OWN_ORGANIZATION_ADMINS,
    OneWebhook,
    WebhookDeliveryList,
  ),
  replay: rpc(
    'identity',
    'webhooks.replay',
    OWN_ORGANIZATION_ADMINS,
    z.object({ actor: Actor, webhookId: z.number().int(), deliveryId: z.number().int() }),
    MessageResponse,
  ),
} as const;
