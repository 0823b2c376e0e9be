import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { InvitationsService } from './invitations.service.js';

@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @RpcHandler(identityRpc.verifyInvitation)
  verify(@Payload() request: RpcRequest<typeof identityRpc.verifyInvitation>) {
    return this.invitations.verify(request);
  }

  @RpcHandler(identityRpc.invitationOrganization)
  organization(@Payload() request: RpcRequest<typeof identityRpc.invitationOrganization>) {
    return this.invitations.organizationOf(request);
  }

  @RpcHandler(identityRpc.acceptInvitation)
  accept(@Payload() request: RpcRequest<typeof identityRpc.acceptInvitation>) {
    return this.invitations.accept(request);
  }
}
