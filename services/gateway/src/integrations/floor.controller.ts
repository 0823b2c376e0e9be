import { Body, Controller, Headers, Inject, Param, UnauthorizedException } from '@nestjs/common';
import {
  type Actor,
  api,
  type FloorPrivacyRequest,
  type IdParams,
  integrationRpc,
  type SaveAreaRequest,
  type SaveStationRequest,
  type SensorReadingRequest,
  type UpdateFloorCameraRequest,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

/** The floor: figures, areas and stations, cameras' areas, and the sensors' public endpoint. */
@Controller()
export class FloorController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.floorStats)
  stats(@CurrentActor() actor: Actor) {
    return this.rpc.relay(integrationRpc.floorStats, { actor });
  }

  @Endpoint(api.floorLayout)
  layout(@CurrentActor() actor: Actor) {
    return this.rpc.relay(integrationRpc.floorLayout, { actor });
  }

  @Endpoint(api.createArea)
  createArea(@CurrentActor() actor: Actor, @Body() area: SaveAreaRequest) {
    return this.rpc.relay(integrationRpc.createArea, { actor, area });
  }

  @Endpoint(api.updateArea)
  updateArea(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Body() area: SaveAreaRequest,
  ) {
    return this.rpc.relay(integrationRpc.updateArea, { actor, areaId: params.id, area });
  }

  @Endpoint(api.deleteArea)
  deleteArea(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    return this.rpc.relay(integrationRpc.deleteArea, { actor, areaId: params.id });
  }

  @Endpoint(api.createStation)
  createStation(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Body() station: SaveStationRequest,
  ) {
    return this.rpc.relay(integrationRpc.createStation, { actor, areaId: params.id, station });
  }

  @Endpoint(api.updateStation)
  updateStation(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Body() station: SaveStationRequest,
  ) {
    return this.rpc.relay(integrationRpc.updateStation, { actor, stationId: params.id, station });
  }

  @Endpoint(api.deleteStation)
  deleteStation(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    return this.rpc.relay(integrationRpc.deleteStation, { actor, stationId: params.id });
  }

  @Endpoint(api.updateFloorCamera)
  updateCamera(
    @CurrentActor() actor: Actor,
    @Param() params: IdParams,
    @Body() camera: UpdateFloorCameraRequest,
  ) {
    return this.rpc.relay(integrationRpc.updateFloorCamera, {
      actor,
      assignmentId: params.id,
      camera,
    });
  }

  @Endpoint(api.updateFloorPrivacy)
  updatePrivacy(@CurrentActor() actor: Actor, @Body() privacy: FloorPrivacyRequest) {
    return this.rpc.relay(integrationRpc.updateFloorPrivacy, { actor, privacy });
  }

  @Endpoint(api.createSensorToken)
  createSensorToken(@CurrentActor() actor: Actor) {
    return this.rpc.relay(integrationRpc.createSensorToken, { actor });
  }

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
}
