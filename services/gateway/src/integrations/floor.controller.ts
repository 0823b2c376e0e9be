import {
  Body,
  Controller,
  Headers,
  Inject,
  Param,
  Req,
  UnauthorizedException,
} from '@nestjs/common';
import {
  type Actor,
  api,
  type CameraAssignment,
  type IdParams,
  integrationRpc,
  type MessageResponse,
  type SensorReadingRequest,
  type UpdateAssignmentScheduleRequest,
  type UpdateAssignmentSopsRequest,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { auditedOrganization } from '../audit/audit-trail.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';

/**
 * The floor's sensors' public endpoint, and the camera assignments' changes whose audit entry is
 * the camera's organization's (`auditOrganization: { answered: true }`): the super administrator
 * addresses them by assignment id, and the integration service's answer names the organization.
 */
@Controller()
export class FloorController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** Public route: the sensor token in the Authorization header is the only credential. */
  @Endpoint(api.sensorReading)
  sensorReading(
    @Headers('authorization') authorization: string | undefined,
    @Body() reading: SensorReadingRequest,
  ) {
    const token = /^Bearer (\S{1,200})$/.exec(authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException('A sensor token is required');
    return this.rpc.relay(integrationRpc.sensorReading, { token, reading });
  }

  /** The camera's organization is gone from the answer once it is told to the audit trail. */
  @Endpoint(api.deleteCameraAssignment)
  async deleteCameraAssignment(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Req() request: GuardedRequest,
  ): Promise<MessageResponse> {
    const { organizationId, ...answer } = await this.rpc.call(integrationRpc.unassign, {
      actor,
      assignmentId: params.id,
    });
    auditedOrganization(request, organizationId);
    return answer;
  }

  @Endpoint(api.updateCameraAssignmentSchedule)
  async updateCameraAssignmentSchedule(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Body() schedule: UpdateAssignmentScheduleRequest,
    @Req() request: GuardedRequest,
  ): Promise<CameraAssignment> {
    const assignment = await this.rpc.call(integrationRpc.updateSchedule, {
      actor,
      assignmentId: params.id,
      schedule,
    });
    auditedOrganization(request, assignment.organizationId);
    return assignment;
  }

  @Endpoint(api.updateCameraAssignmentSops)
  async updateCameraAssignmentSops(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Body() { sopIds }: UpdateAssignmentSopsRequest,
    @Req() request: GuardedRequest,
  ): Promise<CameraAssignment> {
    const assignment = await this.rpc.call(integrationRpc.updateSops, {
      actor,
      assignmentId: params.id,
      sopIds,
    });
    auditedOrganization(request, assignment.organizationId);
    return assignment;
  }
}
