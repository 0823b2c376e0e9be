import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { integrationRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { FloorStatsService } from './floor-stats.js';
import { FloorService } from './floor.service.js';
import { SensorsService } from './sensors.service.js';

type Req<K extends keyof typeof integrationRpc> = RpcRequest<(typeof integrationRpc)[K]>;

/** RpcHandler checks each contract's roles again; the services work within the actor's organization only. */
@Controller()
export class FloorController {
  constructor(
    private readonly floor: FloorService,
    private readonly figures: FloorStatsService,
    private readonly sensors: SensorsService,
  ) {}

  @RpcHandler(integrationRpc.floorStats)
  stats(@Payload() { actor }: Req<'floorStats'>) {
    return this.figures.stats(actor);
  }

  @RpcHandler(integrationRpc.seenToday)
  seenToday(@Payload() { actor, userIds, since }: Req<'seenToday'>) {
    return this.figures.seenToday(actor, userIds, since);
  }

  @RpcHandler(integrationRpc.floorLayout)
  layout(@Payload() { actor }: Req<'floorLayout'>) {
    return this.floor.layout(actor);
  }

  @RpcHandler(integrationRpc.createArea)
  createArea(@Payload() { actor, area }: Req<'createArea'>) {
    return this.floor.createArea(actor, area);
  }

  @RpcHandler(integrationRpc.updateArea)
  updateArea(@Payload() { actor, areaId, area }: Req<'updateArea'>) {
    return this.floor.updateArea(actor, areaId, area);
  }

  @RpcHandler(integrationRpc.deleteArea)
  deleteArea(@Payload() { actor, areaId }: Req<'deleteArea'>) {
    return this.floor.deleteArea(actor, areaId);
  }

  @RpcHandler(integrationRpc.createStation)
  createStation(@Payload() { actor, areaId, station }: Req<'createStation'>) {
    return this.floor.createStation(actor, areaId, station);
  }

  @RpcHandler(integrationRpc.updateStation)
  updateStation(@Payload() { actor, stationId, station }: Req<'updateStation'>) {
    return this.floor.updateStation(actor, stationId, station);
  }

  @RpcHandler(integrationRpc.deleteStation)
  deleteStation(@Payload() { actor, stationId }: Req<'deleteStation'>) {
    return this.floor.deleteStation(actor, stationId);
  }

  @RpcHandler(integrationRpc.updateFloorCamera)
  updateCamera(@Payload() { actor, assignmentId, camera }: Req<'updateFloorCamera'>) {
    return this.floor.updateCamera(actor, assignmentId, camera);
  }

  @RpcHandler(integrationRpc.updateFloorPrivacy)
  updatePrivacy(@Payload() { actor, privacy }: Req<'updateFloorPrivacy'>) {
    return this.floor.updatePrivacy(actor, privacy);
  }

  /** The video service's question: one organization's choice only. */
  @RpcHandler(integrationRpc.faceLearning)
  faceLearning(@Payload() { organizationId }: Req<'faceLearning'>) {
    return this.floor.learnsFromConfirmed(organizationId);
  }

  @RpcHandler(integrationRpc.createSensorToken)
  createSensorToken(@Payload() { actor }: Req<'createSensorToken'>) {
    return this.sensors.createToken(actor);
  }

  @RpcHandler(integrationRpc.sensorReading)
  sensorReading(@Payload() { token, reading }: Req<'sensorReading'>) {
    return this.sensors.record(token, reading);
  }
}
