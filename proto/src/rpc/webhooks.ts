import { z } from 'zod';
import { MessageResponse } from '../accounts.js';
import { Actor } from '../roles.js';
import { ActorOnly, rpc } from '../rpc.js';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  RotatedWebhookSecret,
  WEBHOOK_ADMINS,
  WebhookDeliveryList,
  WebhookList,
  WebhookView,
} from '../webhooks.js';

const OneWebhook = z.object({ actor: Actor, webhookId: z.number().int() });

/** Webhooks live in identity, beside the organizations, their administrators and the mail outbox. */
export const webhooksRpc = {
  list: rpc('identity', 'webhooks.list', WEBHOOK_ADMINS, ActorOnly, WebhookList),
  create: rpc(
    'identity',
    'webhooks.create',
    WEBHOOK_ADMINS,
    z.object({ actor: Actor, webhook: CreateWebhookRequest }),
    CreatedWebhook,
  ),
  remove: rpc('identity', 'webhooks.remove', WEBHOOK_ADMINS, OneWebhook, MessageResponse),
  rotateSecret: rpc(
    'identity',
    'webhooks.rotate-secret',
    WEBHOOK_ADMINS,
    OneWebhook,
    RotatedWebhookSecret,
  ),
  enable: rpc('identity', 'webhooks.enable', WEBHOOK_ADMINS, OneWebhook, WebhookView),
  test: rpc('identity', 'webhooks.test', WEBHOOK_ADMINS, OneWebhook, MessageResponse),
  deliveries: rpc(
    'identity',
    'webhooks.deliveries',
    WEBHOOK_ADMINS,
    OneWebhook,
    WebhookDeliveryList,
  ),
  replay: rpc(
    'identity',
    'webhooks.replay',
    WEBHOOK_ADMINS,
    z.object({ actor: Actor, webhookId: z.number().int(), deliveryId: z.number().int() }),
    MessageResponse,
  ),
} as const;
