import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest, scimRpc } from '@hub/proto';
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

  /** Service-only: the integration service reconciles its record of suspensions with it. */
  @RpcHandler(identityRpc.suspendedMembers)
  suspendedMembers(@Payload() { afterId, limit }: RpcRequest<typeof identityRpc.suspendedMembers>) {
    return this.users.suspendedMembers(afterId, limit);
  }

  @RpcHandler(scimRpc.users)
  handle(@Payload() call: Req<'users'>) {
    return this.users.handle(call);
  }
}
