import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { OrganizationsService } from './organizations.service.js';

@Controller()
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @RpcHandler(identityRpc.organizationByDomain)
  byDomain(@Payload() request: RpcRequest<typeof identityRpc.organizationByDomain>) {
    return this.organizations.byDomain(request.domain);
  }

  @RpcHandler(identityRpc.organizationChoices)
  choices(@Payload() request: RpcRequest<typeof identityRpc.organizationChoices>) {
    return this.organizations.choices(request.actor, request.page, request.search);
  }

  @RpcHandler(identityRpc.organizationNames)
  names(@Payload() request: RpcRequest<typeof identityRpc.organizationNames>) {
    return this.organizations.names(request.organizationIds);
  }

  @RpcHandler(identityRpc.organizationIds)
  ids() {
    return this.organizations.ids();
  }
}
