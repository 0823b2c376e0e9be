import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { EventBus, RpcClient, listenForRpc } from '@hub/kit';
import type { ObservationConfig } from './config.js';
import { openObservationDatabase } from './database.js';
import { ObservationModule } from './observation.module.js';
import { handleObservationEvents } from './organizations/organization-cleanup.js';

export interface RunningObservation {
  app: INestMicroservice;
  dataSource: DataSource;
  close(): Promise<void>;
}

/** Migrates the observation schema and answers RPCs for observations, courses and the team. */
export async function startObservation(config: ObservationConfig): Promise<RunningObservation> {
  const dataSource = await openObservationDatabase(config.DATABASE_URL);
  const rpc = new RpcClient(config.REDIS_URL, config.REDIS_PREFIX);
  const app = await listenForRpc(
    'observation',
    ObservationModule.register({ dataSource, rpc }),
    config,
  );
  const events = new EventBus(config.REDIS_URL, config.REDIS_PREFIX);
  const subscription = handleObservationEvents(events, dataSource);
  return {
    app,
    dataSource,
    async close() {
      await subscription.close();
      await events.close();
      await app.close();
      await rpc.close();
      await dataSource.destroy();
    },
  };
}
