import { Body, Controller, Inject, Param } from '@nestjs/common';
import { type Actor, api, apiTokensRpc, type CreateApiTokenRequest } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class ApiTokensController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.apiTokens)
  list(@CurrentActor() actor: Actor) {
    return this.rpc.relay(apiTokensRpc.list, { actor });
  }

  @Endpoint(api.createApiToken)
  create(@CurrentActor() actor: Actor, @Body() token: CreateApiTokenRequest) {
    return this.rpc.relay(apiTokensRpc.create, { actor, token });
  }

  @Endpoint(api.revokeApiToken)
  revoke(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(apiTokensRpc.revoke, { actor, tokenId: params.id });
  }
}
