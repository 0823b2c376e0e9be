import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { PromptsService } from '../prompts/prompts.service.js';
import { OrganizationsAdminService } from './organizations-admin.service.js';
import { OverviewService } from './overview.service.js';
import { UsersAdminService } from './users-admin.service.js';

type Req<K extends keyof typeof identityRpc> = RpcRequest<(typeof identityRpc)[K]>;

/** The super administrator console: its contracts admit the super administrator alone. */
@Controller()
export class AdminController {
  constructor(
    private readonly organizations: OrganizationsAdminService,
    private readonly users: UsersAdminService,
    private readonly overviewService: OverviewService,
    private readonly promptsService: PromptsService,
  ) {}

  @RpcHandler(identityRpc.adminOverview)
  overview() {
    return this.overviewService.overview();
  }

  @RpcHandler(identityRpc.adminOrganizationPage)
  organizationPage(@Payload() { page, search }: Req<'adminOrganizationPage'>) {
    return this.organizations.page(page, search);
  }

  @RpcHandler(identityRpc.dataPanelOrganizations)
  dataPanelOrganizations(@Payload() { page }: Req<'dataPanelOrganizations'>) {
    return this.organizations.plainPage(page);
  }

  @RpcHandler(identityRpc.createOrganization)
  createOrganization(@Payload() { organization }: Req<'createOrganization'>) {
    return this.organizations.create(organization);
  }

  @RpcHandler(identityRpc.deleteOrganization)
  deleteOrganization(@Payload() { organizationId }: Req<'deleteOrganization'>) {
    return this.organizations.delete(organizationId);
  }

  @RpcHandler(identityRpc.adminUsers)
  listUsers(@Payload() { page, search }: Req<'adminUsers'>) {
    return this.users.list(page, search);
  }

  @RpcHandler(identityRpc.createUser)
  createUser(@Payload() { actor, user }: Req<'createUser'>) {
    return this.users.create(actor, user);
  }

  @RpcHandler(identityRpc.deleteUser)
  deleteUser(@Payload() { actor, userId }: Req<'deleteUser'>) {
    return this.users.delete(actor, userId);
  }

  @RpcHandler(identityRpc.resendInvitation)
  resendInvitation(@Payload() { actor, userId }: Req<'resendInvitation'>) {
    return this.users.resend(actor, userId);
  }

  @RpcHandler(identityRpc.prompts)
  prompts() {
    return this.promptsService.get();
  }

  /** For the AI workers' jobs, asked by the services that enqueue them. */
  @RpcHandler(identityRpc.currentPrompts)
  currentPrompts() {
    return this.promptsService.get();
  }

  @RpcHandler(identityRpc.savePrompts)
  savePrompts(@Payload() { actor, prompts }: Req<'savePrompts'>) {
    return this.promptsService.save(actor, prompts);
  }
}
