import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { identityRpc, type ServicePing } from '@hub/proto';
import { probePostgres, RpcHandler } from '@hub/kit';

@Controller()
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @RpcHandler(identityRpc.ping)
  async ping(): Promise<ServicePing> {
    return { service: 'identity', database: await probePostgres(this.db) };
  }
}
