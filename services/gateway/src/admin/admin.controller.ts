import { Body, Controller, Inject, Param, Query } from '@nestjs/common';
import {
  type Actor,
  type PageRequest,
  api,
  type CreateOrganizationRequest,
  type CreateUserRequest,
  type GlobalPrompts,
  identityRpc,
  type IdParams,
} from '@hub/proto';
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

  @Endpoint(api.adminOverview)
  overview(@CurrentActor() actor: Actor) {
    return this.rpc.relay(identityRpc.adminOverview, { actor });
  }

  @Endpoint(api.adminOrganizations)
  organizations(@CurrentActor() actor: Actor) {
    return this.rpc.relay(identityRpc.adminOrganizations, { actor });
  }

  @Endpoint(api.createOrganization)
  createOrganization(
    @CurrentActor() actor: Actor,
    @Body() organization: CreateOrganizationRequest,
  ) {
    return this.rpc.relay(identityRpc.createOrganization, { actor, organization });
  }

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
  @Endpoint(api.auditLog)
  auditLog(@CurrentActor() actor: Actor, @Query() page: PageRequest) {
    return this.rpc.relay(identityRpc.auditLog, { actor, page });
  }

  @Endpoint(api.adminUsers)
  users(@CurrentActor() actor: Actor, @Query() page: PageRequest) {
    return this.rpc.relay(identityRpc.adminUsers, { actor, page });
  }

  @Endpoint(api.createUser)
  createUser(@CurrentActor() actor: Actor, @Body() user: CreateUserRequest) {
    return this.rpc.relay(identityRpc.createUser, { actor, user });
  }

  @Endpoint(api.deleteUser)
  async deleteUser(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    const answer = await this.rpc.call(identityRpc.deleteUser, { actor, userId: params.id });
    this.sessions.forget({ userId: params.id });
    return answer;
  }

  @Endpoint(api.resendInvitation)
  resendInvitation(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    return this.rpc.relay(identityRpc.resendInvitation, { actor, userId: params.id });
  }

  @Endpoint(api.prompts)
  prompts(@CurrentActor() actor: Actor) {
    return this.rpc.relay(identityRpc.prompts, { actor });
  }

  @Endpoint(api.savePrompts)
  savePrompts(@CurrentActor() actor: Actor, @Body() prompts: GlobalPrompts) {
    return this.rpc.relay(identityRpc.savePrompts, { actor, prompts });
  }

  @Endpoint(api.dataPanelUsers)
  dataPanelUsers(@CurrentActor() actor: Actor, @Query() page: PageRequest) {
    return this.rpc.relay(identityRpc.adminUsers, { actor, page });
  }

  @Endpoint(api.dataPanelOrganizations)
  dataPanelOrganizations(@CurrentActor() actor: Actor) {
    return this.rpc.relay(identityRpc.dataPanelOrganizations, { actor });
  }
}
