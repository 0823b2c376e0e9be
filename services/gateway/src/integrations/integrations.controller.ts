import { Body, Controller, Inject, Param } from '@nestjs/common';
import {
  type Actor,
  api,
  type CreateCameraAssignmentRequest,
  type CreateIntegrationRequest,
  type IdParams,
  integrationRpc,
  libraryRpc,
  type UpdateAssignmentScheduleRequest,
  type UpdateAssignmentSopsRequest,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

/** Camera-system integrations and camera assignments: super administrator only (route table). */
@Controller()
export class IntegrationsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.integrations)
  list(@CurrentActor() actor: Actor) {
    return this.rpc.relay(integrationRpc.list, { actor });
  }

  @Endpoint(api.createIntegration)
  create(@CurrentActor() actor: Actor, @Body() integration: CreateIntegrationRequest) {
    return this.rpc.relay(integrationRpc.create, { actor, integration });
  }

  /** The provider may retry and wait for Retry-After: the call gets more than the usual time. */
  @Endpoint(api.testIntegration)
  test(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    return this.rpc.relay(integrationRpc.test, { actor, integrationId: params.id }, 30_000);
  }

  @Endpoint(api.integrationCameras)
  cameras(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    return this.rpc.relay(integrationRpc.cameras, { actor, integrationId: params.id }, 30_000);
  }

  @Endpoint(api.cameraAssignments)
  assignments(@CurrentActor() actor: Actor) {
    return this.rpc.relay(integrationRpc.assignments, { actor });
  }

  @Endpoint(api.createCameraAssignment)
  assign(@CurrentActor() actor: Actor, @Body() assignment: CreateCameraAssignmentRequest) {
    return this.rpc.relay(integrationRpc.assign, { actor, assignment }, 30_000);
  }

  @Endpoint(api.deleteCameraAssignment)
  unassign(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    return this.rpc.relay(integrationRpc.unassign, { actor, assignmentId: params.id });
  }

  @Endpoint(api.updateCameraAssignmentSchedule)
  updateSchedule(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Body() schedule: UpdateAssignmentScheduleRequest,
  ) {
    return this.rpc.relay(integrationRpc.updateSchedule, {
      actor,
      assignmentId: params.id,
      schedule,
    });
  }

  @Endpoint(api.updateCameraAssignmentSops)
  updateSops(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Body() body: UpdateAssignmentSopsRequest,
  ) {
    return this.rpc.relay(integrationRpc.updateSops, {
      actor,
      assignmentId: params.id,
      sopIds: body.sopIds,
    });
  }

  @Endpoint(api.organizationSops)
  organizationSops(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    return this.rpc.relay(libraryRpc.organizationSops, { actor, organizationId: params.id });
  }
}
