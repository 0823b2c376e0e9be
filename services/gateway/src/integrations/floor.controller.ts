import { Body, Controller, Headers, Inject, UnauthorizedException } from '@nestjs/common';
import { api, integrationRpc, type SensorReadingRequest } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { Endpoint } from '../http/endpoint.decorator.js';

/**
 * The floor's sensors' public endpoint. (The camera assignments' changes, whose audit entry is
 * the camera's organization's, are relayed: `auditOrganization: { answered: true }`.)
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
}
