import { Controller, Inject, Param, Req } from '@nestjs/common';
import { type Actor, api, identityRpc, type IdParams, type MessageResponse } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { answeredAudited } from '../audit/audit-trail.js';
import { SessionCache } from '../auth/session-cache.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';

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

  /**
   * The audit entry is the deleted person's organization's (`auditOrganization: { answered:
   * true }`), which identity names, the person gone; the route answers the message alone. Not
   * relayed: the person's cached sessions end here too.
   */
  @Endpoint(api.deleteUser)
  async deleteUser(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Req() request: GuardedRequest,
  ): Promise<MessageResponse> {
    const answer = await this.rpc.call(identityRpc.deleteUser, { actor, userId: params.id });
    this.sessions.forget({ userId: params.id });
    return answeredAudited(request, api.deleteUser, answer);
  }
}
