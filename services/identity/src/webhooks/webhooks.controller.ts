import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, webhooksRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { WebhooksService } from './webhooks.service.js';

type Req<K extends keyof typeof webhooksRpc> = RpcRequest<(typeof webhooksRpc)[K]>;

@Controller()
export class WebhooksController {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {}

  @RpcHandler(webhooksRpc.list)
  list(@Payload() { actor }: Req<'list'>) {
    return this.webhooks.list(actor);
  }

  @RpcHandler(webhooksRpc.create)
  create(@Payload() { actor, webhook }: Req<'create'>) {
    return this.webhooks.create(actor, webhook);
  }

  @RpcHandler(webhooksRpc.remove)
  remove(@Payload() { actor, webhookId }: Req<'remove'>) {
    return this.webhooks.remove(actor, webhookId);
  }

  @RpcHandler(webhooksRpc.rotateSecret)
  rotateSecret(@Payload() { actor, webhookId }: Req<'rotateSecret'>) {
    return this.webhooks.rotateSecret(actor, webhookId);
  }

  @RpcHandler(webhooksRpc.enable)
  enable(@Payload() { actor, webhookId }: Req<'enable'>) {
    return this.webhooks.enable(actor, webhookId);
  }

  @RpcHandler(webhooksRpc.test)
  test(@Payload() { actor, webhookId }: Req<'test'>) {
    return this.webhooks.test(actor, webhookId);
  }

  @RpcHandler(webhooksRpc.deliveries)
  deliveries(@Payload() { actor, webhookId, page, status }: Req<'deliveries'>) {
    return this.webhooks.deliveries(actor, webhookId, page, status);
  }

  @RpcHandler(webhooksRpc.replay)
  replay(@Payload() { actor, webhookId, deliveryId }: Req<'replay'>) {
    return this.webhooks.replay(actor, webhookId, deliveryId);
  }
}
