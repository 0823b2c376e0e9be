import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { libraryRpc, type ServicePing } from '@hub/proto';
import { probePostgres, RpcHandler } from '@hub/kit';

@Controller()
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @RpcHandler(libraryRpc.ping)
  async ping(): Promise<ServicePing> {
    return { service: 'library', database: await probePostgres(this.db) };
  }
}
