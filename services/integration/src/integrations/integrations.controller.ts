import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { integrationRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { IntegrationsService } from './integrations.service.js';

type Req<K extends keyof typeof integrationRpc> = RpcRequest<(typeof integrationRpc)[K]>;

/** The service checks the super administrator role again on every call. */
@Controller()
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @RpcHandler(integrationRpc.list)
  list(@Payload() { actor }: Req<'list'>) {
    return this.integrations.list(actor);
  }

  @RpcHandler(integrationRpc.create)
  create(@Payload() { actor, integration }: Req<'create'>) {
    return this.integrations.create(actor, integration);
  }

  @RpcHandler(integrationRpc.test)
  test(@Payload() { actor, integrationId }: Req<'test'>) {
    return this.integrations.test(actor, integrationId);
  }

  @RpcHandler(integrationRpc.cameras)
  cameras(@Payload() { actor, integrationId }: Req<'cameras'>) {
    return this.integrations.cameras(actor, integrationId);
  }
}
