import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { observationRpc, type ServicePing } from '@hub/proto';
import { probePostgres, RpcHandler } from '@hub/kit';

@Controller()
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @RpcHandler(observationRpc.ping)
  async ping(): Promise<ServicePing> {
    return { service: 'observation', database: await probePostgres(this.db) };
  }
}
