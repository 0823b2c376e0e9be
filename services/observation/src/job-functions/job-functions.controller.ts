import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, scimRpc, skillsRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { JobFunctionsService } from './job-functions.service.js';
import { ScimGroupsService } from './scim-groups.service.js';

type Req<K extends keyof typeof skillsRpc> = RpcRequest<(typeof skillsRpc)[K]>;

/** RpcHandler checks each contract's roles again; each service method scopes to the actor's organization. */
@Controller()
export class JobFunctionsController {
  constructor(
    private readonly jobFunctions: JobFunctionsService,
    private readonly scimGroups: ScimGroupsService,
  ) {}

  /** SCIM Groups of the calling token's organization (the gateway resolved the token). */
  @RpcHandler(scimRpc.groups)
  scim(@Payload() call: RpcRequest<typeof scimRpc.groups>) {
    return this.scimGroups.handle(call);
  }

  @RpcHandler(skillsRpc.jobFunctions)
  list(@Payload() { actor }: Req<'jobFunctions'>) {
    return this.jobFunctions.list(actor);
  }

  @RpcHandler(skillsRpc.createJobFunction)
  create(@Payload() { actor, jobFunction }: Req<'createJobFunction'>) {
    return this.jobFunctions.create(actor, jobFunction);
  }

  @RpcHandler(skillsRpc.updateJobFunction)
  update(@Payload() { actor, jobFunctionId, jobFunction }: Req<'updateJobFunction'>) {
    return this.jobFunctions.update(actor, jobFunctionId, jobFunction);
  }

  @RpcHandler(skillsRpc.deleteJobFunction)
  remove(@Payload() { actor, jobFunctionId }: Req<'deleteJobFunction'>) {
    return this.jobFunctions.remove(actor, jobFunctionId);
  }

  @RpcHandler(skillsRpc.jobFunctionDirectory)
  directory(@Payload() { organizationId }: Req<'jobFunctionDirectory'>) {
    return this.jobFunctions.directory(organizationId);
  }

  @RpcHandler(skillsRpc.addJobFunctionMembers)
  addMembers(@Payload() { organizationId, assignments }: Req<'addJobFunctionMembers'>) {
    return this.jobFunctions.addMembers(organizationId, assignments);
  }

  @RpcHandler(skillsRpc.jobFunctionMembers)
  memberPage(@Payload() { actor, jobFunctionId, page, among }: Req<'jobFunctionMembers'>) {
    return this.jobFunctions.memberPage(actor, jobFunctionId, page, among);
  }

  @RpcHandler(skillsRpc.changeJobFunctionMembers)
  changeMembers(@Payload() { actor, jobFunctionId, change }: Req<'changeJobFunctionMembers'>) {
    return this.jobFunctions.changeMembers(actor, jobFunctionId, change);
  }

  @RpcHandler(skillsRpc.setJobFunctionMembers)
  setMembers(@Payload() { actor, jobFunctionId, userIds }: Req<'setJobFunctionMembers'>) {
    return this.jobFunctions.setMembers(actor, jobFunctionId, userIds);
  }
}
