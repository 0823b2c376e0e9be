import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { integrationRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { IntegrationsService } from './integrations.service.js';

type Req<K extends keyof typeof integrationRpc> = RpcRequest<(typeof integrationRpc)[K]>;

/** Camera systems are the super administrator's: the contracts admit no other role. */
@Controller()
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @RpcHandler(integrationRpc.list)
  list() {
    return this.integrations.list();
  }

  @RpcHandler(integrationRpc.create)
  create(@Payload() { actor, integration }: Req<'create'>) {
    return this.integrations.create(actor, integration);
  }

  @RpcHandler(integrationRpc.test)
  test(@Payload() { integrationId }: Req<'test'>) {
    return this.integrations.test(integrationId);
  }

  @RpcHandler(integrationRpc.cameras)
  cameras(@Payload() { integrationId }: Req<'cameras'>) {
    return this.integrations.cameras(integrationId);
  }
}
