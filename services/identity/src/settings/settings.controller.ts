import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { PreferencesService } from './preferences.service.js';
import { SessionsService } from './sessions.service.js';

/**
 * Every handler for a person acts on the actor's own account only (nothing takes another user's
 * id), the organization's on the actor's own organization; `languagesOf` serves the services.
 */
@Controller()
export class SettingsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly preferences: PreferencesService,
  ) {}

  @RpcHandler(identityRpc.userSessions)
  list(@Payload() request: RpcRequest<typeof identityRpc.userSessions>) {
    return this.sessions.list(request.actor, request.sessionId);
  }

  @RpcHandler(identityRpc.endUserSessions)
  end(@Payload() request: RpcRequest<typeof identityRpc.endUserSessions>) {
    return this.sessions.end(request.actor, request.currentSessionId, request.sessionId);
  }

  @RpcHandler(identityRpc.userPreferences)
  getPreferences(@Payload() request: RpcRequest<typeof identityRpc.userPreferences>) {
    return this.preferences.get(request.actor);
  }

  @RpcHandler(identityRpc.updateUserPreferences)
  updatePreferences(@Payload() request: RpcRequest<typeof identityRpc.updateUserPreferences>) {
    return this.preferences.update(request.actor, request.preferences);
  }

  /** The actor's own organization only: its id comes from the session, never the request. */
  @RpcHandler(identityRpc.organizationSettings)
  organization(@Payload() request: RpcRequest<typeof identityRpc.organizationSettings>) {
    return this.preferences.organization(request.actor);
  }

  @RpcHandler(identityRpc.updateOrganizationSettings)
  updateOrganization(
    @Payload() request: RpcRequest<typeof identityRpc.updateOrganizationSettings>,
  ) {
    return this.preferences.updateOrganization(request.actor, request.settings);
  }

  @RpcHandler(identityRpc.languagesOf)
  languagesOf(@Payload() request: RpcRequest<typeof identityRpc.languagesOf>) {
    return this.preferences.languagesOf(request.userIds, request.acceptLanguage);
  }
}
