import { MessageResponse } from '../accounts.js';
import { defineRoute } from '../http.js';
import { webhooksRpc } from '../rpc/webhooks.js';
import { OWN_ORGANIZATION_ADMINS } from '../roles.js';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  RotatedWebhookSecret,
  WebhookDeliveryList,
  WebhookDeliveryListQuery,
  WebhookDeliveryParams,
  WebhookIdParams,
  WebhookList,
  WebhookView,
} from '../webhooks.js';

/**
 * Endpoints of other systems that receive the organization's events, signed (Standard
 * Webhooks). What reveals or changes a signing secret is for a signed-in session only.
 */
export const webhookRoutes = {
  webhooks: defineRoute({
    method: 'GET',
    path: '/api/webhooks',
    summary: "The organization's webhook endpoints",
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    response: WebhookList,
    relay: { rpc: webhooksRpc.list, request: ({ actor }) => ({ actor }) },
  }),
  createWebhook: defineRoute({
    method: 'POST',
    path: '/api/webhooks',
    summary: 'A new webhook endpoint; its signing secret is answered this once',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'webhook.create',
    auditBody: ['url', 'events'],
    body: CreateWebhookRequest,
    response: CreatedWebhook,
    relay: { rpc: webhooksRpc.create, request: ({ actor, body }) => ({ actor, webhook: body }) },
  }),
  deleteWebhook: defineRoute({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    summary: 'Remove a webhook endpoint: nothing more is sent to it',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'webhook.delete',
    params: WebhookIdParams,
    response: MessageResponse,
    relay: {
      rpc: webhooksRpc.remove,
      request: ({ actor, params }) => ({ actor, webhookId: params.id }),
    },
  }),
  rotateWebhookSecret: defineRoute({
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    summary: 'A new signing secret; the previous one keeps signing too for a day',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'webhook.rotate-secret',
    params: WebhookIdParams,
    response: RotatedWebhookSecret,
    relay: {
      rpc: webhooksRpc.rotateSecret,
      request: ({ actor, params }) => ({ actor, webhookId: params.id }),
    },
  }),
  enableWebhook: defineRoute({
    method: 'POST',
    path: '/api/webhooks/:id/enable',
    summary: 'Enable a webhook endpoint again (after it was disabled for failing)',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'webhook.enable',
    params: WebhookIdParams,
    response: WebhookView,
    relay: {
      rpc: webhooksRpc.enable,
      request: ({ actor, params }) => ({ actor, webhookId: params.id }),
    },
  }),
  testWebhook: defineRoute({
    method: 'POST',
    path: '/api/webhooks/:id/test',
    summary: 'Send a webhook.test event to the endpoint',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    params: WebhookIdParams,
    response: MessageResponse,
    relay: {
      rpc: webhooksRpc.test,
      request: ({ actor, params }) => ({ actor, webhookId: params.id }),
    },
  }),
  webhookDeliveries: defineRoute({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    summary:
      "An endpoint's deliveries, newest first: status, response code, answer time (cursor-paged)",
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    params: WebhookIdParams,
    query: WebhookDeliveryListQuery,
    response: WebhookDeliveryList,
    paged: { items: 'deliveries' },
    relay: {
      rpc: webhooksRpc.deliveries,
      request: ({ actor, params, query }) => ({
        actor,
        webhookId: params.id,
        page: { cursor: query.cursor, limit: query.limit },
        status: query.status,
      }),
    },
  }),
  replayWebhookDelivery: defineRoute({
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/replay',
    summary:
      'Send a finished delivery again, with the same webhook-id; 409 while it is pending (being sent or waiting for its next attempt)',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'webhook.replay',
    params: WebhookDeliveryParams,
    response: MessageResponse,
    relay: {
      rpc: webhooksRpc.replay,
      request: ({ actor, params }) => ({
        actor,
        webhookId: params.id,
        deliveryId: params.deliveryId,
      }),
    },
  }),
} as const;
