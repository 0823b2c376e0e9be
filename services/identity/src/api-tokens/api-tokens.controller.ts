import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { apiTokensRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { ApiTokensService } from './api-tokens.service.js';

type Req<K extends keyof typeof apiTokensRpc> = RpcRequest<(typeof apiTokensRpc)[K]>;

@Controller()
export class ApiTokensController {
  constructor(@Inject(ApiTokensService) private readonly tokens: ApiTokensService) {}

  @RpcHandler(apiTokensRpc.list)
  list(@Payload() { actor }: Req<'list'>) {
    return this.tokens.list(actor);
  }

  @RpcHandler(apiTokensRpc.create)
  create(@Payload() { actor, token }: Req<'create'>) {
    return this.tokens.create(actor, token);
  }

  @RpcHandler(apiTokensRpc.revoke)
  revoke(@Payload() { actor, tokenId }: Req<'revoke'>) {
    return this.tokens.revoke(actor, tokenId);
  }

  @RpcHandler(apiTokensRpc.resolve)
  async resolve(@Payload() { secret }: Req<'resolve'>) {
    return { caller: await this.tokens.resolve(secret) };
  }
}
