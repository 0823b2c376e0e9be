import { Body, Controller, Inject, Param } from '@nestjs/common';
import {
  type Actor,
  api,
  type CreateWebhookRequest,
  type WebhookDeliveryParams,
  webhooksRpc,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class WebhooksController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.webhooks)
  list(@CurrentActor() actor: Actor) {
    return this.rpc.relay(webhooksRpc.list, { actor });
  }

  @Endpoint(api.createWebhook)
  create(@CurrentActor() actor: Actor, @Body() webhook: CreateWebhookRequest) {
    return this.rpc.relay(webhooksRpc.create, { actor, webhook });
  }

  @Endpoint(api.deleteWebhook)
  remove(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(webhooksRpc.remove, { actor, webhookId: params.id });
  }

  @Endpoint(api.rotateWebhookSecret)
  rotateSecret(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(webhooksRpc.rotateSecret, { actor, webhookId: params.id });
  }

  @Endpoint(api.enableWebhook)
  enable(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(webhooksRpc.enable, { actor, webhookId: params.id });
  }

  @Endpoint(api.testWebhook)
  test(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(webhooksRpc.test, { actor, webhookId: params.id });
  }

  @Endpoint(api.webhookDeliveries)
  deliveries(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(webhooksRpc.deliveries, { actor, webhookId: params.id });
  }

  @Endpoint(api.replayWebhookDelivery)
  replay(@CurrentActor() actor: Actor, @Param() params: WebhookDeliveryParams) {
    return this.rpc.relay(webhooksRpc.replay, {
      actor,
      webhookId: params.id,
      deliveryId: params.deliveryId,
    });
  }
}
