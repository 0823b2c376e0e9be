import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest, SUPER_ADMIN_ONLY } from '@hub/proto';
import { requireRole, RpcHandler } from '@hub/kit';
import { PromptsService } from '../prompts/prompts.service.js';
import { OrganizationsAdminService } from './organizations-admin.service.js';
import { OverviewService } from './overview.service.js';
import { UsersAdminService } from './users-admin.service.js';

type Req<K extends keyof typeof identityRpc> = RpcRequest<(typeof identityRpc)[K]>;

/** The super administrator console; every handler checks the role again. */
@Controller()
export class AdminController {
  constructor(
    private readonly organizations: OrganizationsAdminService,
    private readonly users: UsersAdminService,
    private readonly overviewService: OverviewService,
    private readonly promptsService: PromptsService,
  ) {}

  @RpcHandler(identityRpc.adminOverview)
  overview(@Payload() { actor }: Req<'adminOverview'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.overviewService.overview();
  }

  @RpcHandler(identityRpc.adminOrganizations)
  listOrganizations(@Payload() { actor }: Req<'adminOrganizations'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.organizations.list();
  }

  @RpcHandler(identityRpc.dataPanelOrganizations)
  dataPanelOrganizations(@Payload() { actor }: Req<'dataPanelOrganizations'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.organizations.listPlain();
  }

  @RpcHandler(identityRpc.createOrganization)
  createOrganization(@Payload() { actor, organization }: Req<'createOrganization'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.organizations.create(organization);
  }

  @RpcHandler(identityRpc.deleteOrganization)
  deleteOrganization(@Payload() { actor, organizationId }: Req<'deleteOrganization'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.organizations.delete(organizationId);
  }

  @RpcHandler(identityRpc.adminUsers)
  listUsers(@Payload() { actor, page }: Req<'adminUsers'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.users.list(page);
  }

  @RpcHandler(identityRpc.createUser)
  createUser(@Payload() { actor, user }: Req<'createUser'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.users.create(actor, user);
  }

  @RpcHandler(identityRpc.deleteUser)
  deleteUser(@Payload() { actor, userId }: Req<'deleteUser'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.users.delete(actor, userId);
  }

  @RpcHandler(identityRpc.resendInvitation)
  resendInvitation(@Payload() { actor, userId }: Req<'resendInvitation'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.users.resend(actor, userId);
  }

  @RpcHandler(identityRpc.prompts)
  prompts(@Payload() { actor }: Req<'prompts'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.promptsService.get();
  }

  /** For the AI workers' jobs, asked by the services that enqueue them. */
  @RpcHandler(identityRpc.currentPrompts)
  currentPrompts() {
    return this.promptsService.get();
  }

  @RpcHandler(identityRpc.savePrompts)
  savePrompts(@Payload() { actor, prompts }: Req<'savePrompts'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.promptsService.save(actor, prompts);
  }
}
