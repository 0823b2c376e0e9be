import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { UsersService } from './users.service.js';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @RpcHandler(identityRpc.members)
  members(@Payload() request: RpcRequest<typeof identityRpc.members>) {
    return this.users.members(request.organizationId);
  }

  @RpcHandler(identityRpc.memberPage)
  memberPage(
    @Payload() { offset, limit, after, ...filter }: RpcRequest<typeof identityRpc.memberPage>,
  ) {
    return this.users.memberPage(filter, offset, limit, after);
  }

  @RpcHandler(identityRpc.memberRanks)
  memberRanks(@Payload() { keys, ...filter }: RpcRequest<typeof identityRpc.memberRanks>) {
    return this.users.memberRanks(filter, keys);
  }

  @RpcHandler(identityRpc.memberIds)
  memberIds(@Payload() filter: RpcRequest<typeof identityRpc.memberIds>) {
    return this.users.memberIds(filter);
  }

  @RpcHandler(identityRpc.memberIdPage)
  memberIdPage(
    @Payload() { afterId, limit, ...filter }: RpcRequest<typeof identityRpc.memberIdPage>,
  ) {
    return this.users.memberIdPage(filter, afterId, limit);
  }

  @RpcHandler(identityRpc.uncountedMemberIds)
  uncountedMemberIds(@Payload() request: RpcRequest<typeof identityRpc.uncountedMemberIds>) {
    return this.users.uncountedMemberIds(request.organizationIds);
  }

  @RpcHandler(identityRpc.otherMemberIdPage)
  otherMemberIdPage(
    @Payload() { afterId, limit, ...filter }: RpcRequest<typeof identityRpc.otherMemberIdPage>,
  ) {
    return this.users.otherMemberIdPage(filter, afterId, limit);
  }

  @RpcHandler(identityRpc.uncountedMemberIdPage)
  uncountedMemberIdPage(@Payload() request: RpcRequest<typeof identityRpc.uncountedMemberIdPage>) {
    return this.users.uncountedMemberIdPage(
      request.organizationIds,
      request.afterId,
      request.limit,
    );
  }

  @RpcHandler(identityRpc.memberSearch)
  memberSearch(
    @Payload()
    { offset, limit, selectionLimit, ...filter }: RpcRequest<typeof identityRpc.memberSearch>,
  ) {
    return this.users.memberSearch(filter, offset, limit, selectionLimit);
  }

  @RpcHandler(identityRpc.membersByIds)
  membersByIds(@Payload() request: RpcRequest<typeof identityRpc.membersByIds>) {
    return this.users.membersByIds(request.organizationId, request.userIds);
  }

  @RpcHandler(identityRpc.activeMemberIds)
  activeMemberIds(@Payload() request: RpcRequest<typeof identityRpc.activeMemberIds>) {
    return this.users.activeMemberIds(request.organizationId);
  }

  @RpcHandler(identityRpc.activeMemberCounts)
  activeMemberCounts(@Payload() request: RpcRequest<typeof identityRpc.activeMemberCounts>) {
    const { organizationId, presentIds, observedIds, membershipVersion } = request;
    return this.users.activeMemberCounts(
      organizationId,
      presentIds,
      observedIds,
      membershipVersion,
    );
  }

  @RpcHandler(identityRpc.names)
  names(@Payload() request: RpcRequest<typeof identityRpc.names>) {
    return this.users.names(request.userIds);
  }

  @RpcHandler(identityRpc.signedInToday)
  signedInToday(@Payload() request: RpcRequest<typeof identityRpc.signedInToday>) {
    return this.users.signedInToday(request.organizationId, request.userIds);
  }

  @RpcHandler(identityRpc.organizationDayStart)
  organizationDayStart(@Payload() request: RpcRequest<typeof identityRpc.organizationDayStart>) {
    return this.users.organizationDayStart(request.organizationId);
  }

  @RpcHandler(identityRpc.currentUser)
  current(@Payload() request: RpcRequest<typeof identityRpc.currentUser>) {
    return this.users.current(request.actor);
  }
}
