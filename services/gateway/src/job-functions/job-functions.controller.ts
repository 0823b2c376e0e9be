import { Body, Controller, Inject, Param } from '@nestjs/common';
import {
  type Actor,
  api,
  type SaveJobFunctionRequest,
  type SetJobFunctionMembersRequest,
  skillsRpc,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

type IdParam = { id: number };

@Controller()
export class JobFunctionsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.jobFunctions)
  list(@CurrentActor() actor: Actor) {
    return this.rpc.relay(skillsRpc.jobFunctions, { actor });
  }

  @Endpoint(api.createJobFunction)
  create(@CurrentActor() actor: Actor, @Body() body: SaveJobFunctionRequest) {
    return this.rpc.relay(skillsRpc.createJobFunction, { actor, jobFunction: body });
  }

  @Endpoint(api.updateJobFunction)
  update(
    @CurrentActor() actor: Actor,
    @Param() params: IdParam,
    @Body() body: SaveJobFunctionRequest,
  ) {
    return this.rpc.relay(skillsRpc.updateJobFunction, {
      actor,
      jobFunctionId: params.id,
      jobFunction: body,
    });
  }

  @Endpoint(api.deleteJobFunction)
  remove(@CurrentActor() actor: Actor, @Param() params: IdParam) {
    return this.rpc.relay(skillsRpc.deleteJobFunction, { actor, jobFunctionId: params.id });
  }

  @Endpoint(api.setJobFunctionMembers)
  setMembers(
    @CurrentActor() actor: Actor,
    @Param() params: IdParam,
    @Body() body: SetJobFunctionMembersRequest,
  ) {
    return this.rpc.relay(skillsRpc.setJobFunctionMembers, {
      actor,
      jobFunctionId: params.id,
      userIds: body.userIds,
    });
  }
}
