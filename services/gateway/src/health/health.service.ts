import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type ComponentHealth,
  type Health,
  identityRpc,
  libraryRpc,
  videoRpc,
  observationRpc,
} from '@hub/proto';
import { probe, probeRedis, RpcClient } from '@hub/kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Services the gateway depends on; each later service adds itself here. */
const SERVICES = [
  { name: 'identity', ping: identityRpc.ping },
  { name: 'library', ping: libraryRpc.ping },
  { name: 'observation', ping: observationRpc.ping },
  { name: 'video', ping: videoRpc.ping },
] as const;

@Injectable()
export class HealthService implements OnModuleDestroy {
  private readonly postgres: pg.Pool;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(Redis) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.postgres = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 1,
      idleTimeoutMillis: 10_000,
    });
    this.postgres.on('error', () => undefined);
  }

  async check(): Promise<Health> {
    const [postgres, redis, ...services] = await Promise.all([
      probe(() => this.postgres.query('SELECT 1')),
      probeRedis(this.redis),
      ...SERVICES.map((service) => this.pingService(service.ping)),
    ]);
    const components: Record<string, ComponentHealth> = {
      gateway: { status: 'up', latencyMs: 0 },
      postgres: postgres!,
      redis: redis!,
    };
    SERVICES.forEach((service, index) => (components[service.name] = services[index]!));
    const allUp = Object.values(components).every((component) => component.status === 'up');
    return { status: allUp ? 'ok' : 'degraded', checkedAt: new Date().toISOString(), components };
  }

  private pingService(contract: typeof identityRpc.ping): Promise<ComponentHealth> {
    return probe(async () => {
      const answer = await this.rpc.call(contract, {}, 2000);
      if (answer.database.status !== 'up')
        throw new Error(`its database is down: ${answer.database.error}`);
    }, 2500);
  }

  async onModuleDestroy() {
    await this.postgres.end();
  }
}
