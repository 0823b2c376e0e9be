import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, scimRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { ScimTokensService } from './scim-tokens.service.js';
import { ScimUsersService } from './scim-users.service.js';

type Req<K extends keyof typeof scimRpc> = RpcRequest<(typeof scimRpc)[K]>;

@Controller()
export class ScimController {
  constructor(
    private readonly tokens: ScimTokensService,
    private readonly users: ScimUsersService,
  ) {}

  @RpcHandler(scimRpc.tokens)
  list(@Payload() { actor }: Req<'tokens'>) {
    return this.tokens.list(actor);
  }

  @RpcHandler(scimRpc.createToken)
  create(@Payload() { actor, token }: Req<'createToken'>) {
    return this.tokens.create(actor, token);
  }

  @RpcHandler(scimRpc.revokeToken)
  revoke(@Payload() { actor, tokenId }: Req<'revokeToken'>) {
    return this.tokens.revoke(actor, tokenId);
  }

  @RpcHandler(scimRpc.resolveToken)
  async resolve(@Payload() { secret }: Req<'resolveToken'>) {
    return { caller: await this.tokens.resolve(secret) };
  }

  @RpcHandler(scimRpc.users)
  handle(@Payload() call: Req<'users'>) {
    return this.users.handle(call);
  }
}
