import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ServicePing, integrationRpc } from '@hub/proto';
import { probePostgres, RpcHandler } from '@hub/kit';

@Controller()
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @RpcHandler(integrationRpc.ping)
  async ping(): Promise<ServicePing> {
    return { service: 'integration', database: await probePostgres(this.db) };
  }
}
