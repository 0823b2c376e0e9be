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
  type QueueHealth,
  WORKER_KINDS,
  type WorkerHealth,
} from '@hub/proto';
import {
  exposeSupervisionMetrics,
  type ObjectStorage,
  type ObservedQueues,
  probe,
  probePostgres,
  probeRedis,
  probeStorage,
  readHeartbeats,
  readQueueStats,
  RpcClient,
  serviceConnectionName,
} from '@hub/kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { OBSERVED_QUEUES } from '../ops/observed-queues.token.js';
import { STORAGE } from '../uploads/storage.token.js';

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
  private readonly stopMetrics: () => void;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(Redis) private readonly redis: Redis,
    @Inject(OBSERVED_QUEUES) private readonly observed: ObservedQueues,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {
    this.launcherStateFile = config.LAUNCHER_STATE_FILE;
    this.postgres = new pg.Pool({
      connectionString: config.DATABASE_URL,
      // Named as the services' sessions are, and kept once opened (the launcher's first health
      // check opens it): a restore refuses while the gateway runs.
      application_name: serviceConnectionName('gateway'),
      max: 1,
      idleTimeoutMillis: 0,
    });
    this.postgres.on('error', () => undefined);
    this.stopMetrics = exposeSupervisionMetrics(() => this.supervisedProcesses());
  }

  async check(): Promise<Health> {
    const [postgres, redis, storage, ...services] = await Promise.all([
      probePostgres(this.postgres),
      probeRedis(this.redis),
      // Uploads and every worker's processing need it; down, nothing new is stored or processed.
      probeStorage(this.storage),
      ...SERVICES.map((service) => this.pingService(service.ping)),
    ]);
    const components: Record<string, ComponentHealth> = {
      gateway: { status: 'up', latencyMs: 0 },
      postgres: postgres!,
      redis: redis!,
      storage: storage!,
    };
    SERVICES.forEach((service, index) => (components[service.name] = services[index]!));
    const [processes, workers, queues] = await Promise.all([
      this.supervisedProcesses(),
      this.workers(),
      this.queues(),
    ]);
    const problems = healthProblems(components, workers, processes ?? {});
    return {
      status: problems.length === 0 ? 'ok' : 'degraded',
      checkedAt: new Date().toISOString(),
      components,
      workers,
      queues,
      ...(processes ? { processes } : {}),
      problems,
    };
  }

  /** Each worker kind, alive while one of its instances wrote a heartbeat recently. */
  private async workers(): Promise<Record<string, WorkerHealth>> {
    const entries = await Promise.all(
      WORKER_KINDS.map(async (kind): Promise<[string, WorkerHealth]> => {
        // Unknown while Redis does not answer: then no instance counts as seen.
        const seen = (await probeValue(() =>
          readHeartbeats(this.redis, this.config.REDIS_PREFIX, kind),
        )) ?? { instances: 0, lastSeenAt: null };
        const status = seen.instances > 0 ? 'up' : 'down';
        return [
          kind,
          { status, required: this.config.HEALTH_REQUIRED_WORKERS.includes(kind), ...seen },
        ];
      }),
    );
    return Object.fromEntries(entries);
  }

  /** Backlog of every queue; unknown (absent) while Redis does not answer. */
  private async queues(): Promise<Record<string, QueueHealth>> {
    const now = Date.now();
    const answers: Record<string, QueueHealth> = {};
    await Promise.all(
      this.observed.queues.map(async (queue) => {
        const stats = await probeValue(() => readQueueStats(queue, now));
        if (stats) answers[queue.name] = stats;
      }),
    );
    return answers;
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
    this.stopMetrics();
    await this.postgres.end();
  }
}

/** One line per part that makes the answer degraded: down, or crashing and being restarted. */
export function healthProblems(
  components: Record<string, ComponentHealth>,
  workers: Record<string, WorkerHealth>,
  processes: Record<string, SupervisedProcess>,
): string[] {
  const problems: string[] = [];
  for (const [name, component] of Object.entries(components)) {
    if (component.status === 'down')
      problems.push(`${name} is down: ${component.error ?? ''}`.trim());
  }
  for (const [kind, worker] of Object.entries(workers)) {
    if (worker.required && worker.status === 'down') problems.push(`${kind} is not running`);
  }
  for (const [name, part] of Object.entries(processes)) {
    if (part.state === 'running' && !part.failing) continue;
    const restarts = `${part.restarts} restart${part.restarts === 1 ? '' : 's'}`;
    const how = part.lastExit ? `, last exit: ${part.lastExit}` : '';
    const state = part.state === 'running' ? 'running again after crashing' : part.state;
    problems.push(`${name} is ${state} (${restarts}${how})`);
  }
  return problems;
}

/** The value, or undefined when it is not there within 2 s (Redis down or overloaded). */
async function probeValue<T>(read: () => Promise<T>): Promise<T | undefined> {
  let value: T | undefined;
  const outcome = await probe(async () => (value = await read()));
  return outcome.status === 'up' ? value : undefined;
}
