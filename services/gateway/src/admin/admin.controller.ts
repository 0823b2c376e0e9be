import { Controller, Inject, Param } from '@nestjs/common';
import { type Actor, api, identityRpc, type IdParams } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { SessionCache } from '../auth/session-cache.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class AdminController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SessionCache) private readonly sessions: SessionCache,
  ) {}

  @Endpoint(api.deleteOrganization)
  async deleteOrganization(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    const answer = await this.rpc.call(identityRpc.deleteOrganization, {
      actor,
      organizationId: params.id,
    });
    this.sessions.forget({ organizationId: params.id });
    return answer;
  }

  /** Administrators read their organization's entries; the identity service scopes them. */

  @Endpoint(api.deleteUser)
  async deleteUser(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    const answer = await this.rpc.call(identityRpc.deleteUser, { actor, userId: params.id });
    this.sessions.forget({ userId: params.id });
    return answer;
  }
}
