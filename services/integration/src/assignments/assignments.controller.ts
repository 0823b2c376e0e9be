import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { insightsRpc, integrationRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { AssignmentsService } from './assignments.service.js';

type Req<K extends keyof typeof integrationRpc> = RpcRequest<(typeof integrationRpc)[K]>;

/** RpcHandler checks each contract's roles again on every call. */
@Controller()
export class AssignmentsController {
  constructor(private readonly assignments: AssignmentsService) {}

  /** The previous release's gateway's whole list, kept for one release (rolling upgrade). */
  @RpcHandler(integrationRpc.assignments)
  listAll(@Payload() { actor }: Req<'assignments'>) {
    return this.assignments.listAll(actor);
  }

  @RpcHandler(integrationRpc.assignmentPage)
  list(@Payload() { actor, page }: Req<'assignmentPage'>) {
    return this.assignments.list(actor, page);
  }

  @RpcHandler(insightsRpc.cameraCount)
  count(@Payload() { actor }: RpcRequest<typeof insightsRpc.cameraCount>) {
    return this.assignments.count(actor);
  }

  @RpcHandler(integrationRpc.assign)
  assign(@Payload() { actor, assignment }: Req<'assign'>) {
    return this.assignments.assign(actor, assignment);
  }

  @RpcHandler(integrationRpc.unassign)
  unassign(@Payload() { actor, assignmentId }: Req<'unassign'>) {
    return this.assignments.unassign(actor, assignmentId);
  }

  @RpcHandler(integrationRpc.updateSchedule)
  updateSchedule(@Payload() { actor, assignmentId, schedule }: Req<'updateSchedule'>) {
    return this.assignments.updateSchedule(actor, assignmentId, schedule);
  }

  @RpcHandler(integrationRpc.updateSops)
  updateSops(@Payload() { actor, assignmentId, sopIds }: Req<'updateSops'>) {
    return this.assignments.updateSops(actor, assignmentId, sopIds);
  }
}
