import { readFile } from 'node:fs/promises';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type ComponentHealth,
  type Health,
  identityRpc,
  LauncherReport,
  type SupervisedProcess,
  libraryRpc,
  videoRpc,
  observationRpc,
  integrationRpc,
} from '@hub/proto';
import { probe, probeRedis, RpcClient } from '@hub/kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Services the gateway depends on; each later service adds itself here. */
const SERVICES = [
  { name: 'identity', ping: identityRpc.ping },
  { name: 'library', ping: libraryRpc.ping },
  { name: 'observation', ping: observationRpc.ping },
  { name: 'video', ping: videoRpc.ping },
  { name: 'integration', ping: integrationRpc.ping },
] as const;

@Injectable()
export class HealthService implements OnModuleDestroy {
  private readonly postgres: pg.Pool;
  private readonly launcherStateFile: string | undefined;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(Redis) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.launcherStateFile = config.LAUNCHER_STATE_FILE;
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
    const processes = await this.supervisedProcesses();
    const allUp =
      Object.values(components).every((component) => component.status === 'up') &&
      Object.values(processes ?? {}).every((process) => process.state === 'running');
    return {
      status: allUp ? 'ok' : 'degraded',
      checkedAt: new Date().toISOString(),
      components,
      ...(processes ? { processes } : {}),
    };
  }

  /** What the launcher of `npm start` reports about its processes; none outside it. */
  private async supervisedProcesses(): Promise<Record<string, SupervisedProcess> | undefined> {
    if (!this.launcherStateFile) return undefined;
    try {
      return LauncherReport.parse(JSON.parse(await readFile(this.launcherStateFile, 'utf8')))
        .processes;
    } catch {
      // Not written yet (the gateway starts before the launcher's first report of it).
      return undefined;
    }
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
