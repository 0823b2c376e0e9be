import { Controller, Inject, Param, Req } from '@nestjs/common';
import { type Actor, api, identityRpc, type SessionIdParams } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { SessionCache } from '../auth/session-cache.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';

/** Settings of the signed-in user: their sessions and their reading preferences. */
@Controller()
export class SettingsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SessionCache) private readonly sessions: SessionCache,
  ) {}

  @Endpoint(api.userSessions)
  list(@CurrentActor() actor: Actor, @Req() request: GuardedRequest) {
    return this.rpc.call(identityRpc.userSessions, {
      actor,
      sessionId: request.session!.sessionId,
    });
  }

  @Endpoint(api.endUserSession)
  endOne(
    @CurrentActor() actor: Actor,
    @Req() request: GuardedRequest,
    @Param() params: SessionIdParams,
  ) {
    return this.end(actor, request, params.id);
  }

  @Endpoint(api.endOtherUserSessions)
  endOthers(@CurrentActor() actor: Actor, @Req() request: GuardedRequest) {
    return this.end(actor, request);
  }

  /**
   * Identity announces the ended sessions to every gateway over Redis; this one also drops them
   * at once, so the ended session is refused here even before the announcement arrives.
   */
  private async end(actor: Actor, request: GuardedRequest, sessionId?: string) {
    const { message, revocations } = await this.rpc.call(identityRpc.endUserSessions, {
      actor,
      currentSessionId: request.session!.sessionId,
      ...(sessionId ? { sessionId } : {}),
    });
    for (const revocation of revocations) this.sessions.forget(revocation);
    return { message };
  }
}
