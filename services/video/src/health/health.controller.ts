import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ServicePing, videoRpc } from '@hub/proto';
import { probePostgres, RpcHandler } from '@hub/kit';

@Controller()
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @RpcHandler(videoRpc.ping)
  async ping(): Promise<ServicePing> {
    return { service: 'video', database: await probePostgres(this.db) };
  }
}
