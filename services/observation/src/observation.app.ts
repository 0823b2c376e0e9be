import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { Queue, Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { QUEUE_CONTRACTS } from '@hub/proto';
import {
  EventBus,
  Outbox,
  listenForRpc,
  openQueue,
  RpcClient,
  startWorker,
  WebhookAnnouncer,
} from '@hub/kit';
import { CertificationExpirySweep } from './certifications/expiry-sweep.js';
import type { ObservationConfig } from './config.js';
import { openObservationDatabase } from './database.js';
import { ObservationModule } from './observation.module.js';
import { handleObservationEvents } from './organizations/organization-cleanup.js';
import { RecommendationEngine } from './recommendations/recommendation-engine.js';
import { CourseCompletion } from './training/course-completion.js';

export interface RunningObservation {
  app: INestMicroservice;
  dataSource: DataSource;
  expiryQueue: Queue;
  expirySweep: CertificationExpirySweep;
  /** The rules engine (also run nightly for every organization). */
  recommendations: RecommendationEngine;
  close(): Promise<void>;
}

/**
 * Migrates the observation schema, answers RPCs for observations, courses, certifications and
 * the team, and runs the certification expiry sweep (daily and at start).
 */
export async function startObservation(config: ObservationConfig): Promise<RunningObservation> {
  const dataSource = await openObservationDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const rpc = new RpcClient(config.REDIS_URL, config.REDIS_PREFIX);
  const events = new EventBus(config.REDIS_URL, config.REDIS_PREFIX);
  // Every event this service publishes goes through its outbox (written with the change).
  const outbox = new Outbox(dataSource, events);
  outbox.start();
  const webhooks = new WebhookAnnouncer(outbox);
  const app = await listenForRpc(
    'observation',
    ObservationModule.register({ dataSource, rpc, config, webhooks }),
    config,
  );
  const subscription = handleObservationEvents(events, dataSource, app.get(CourseCompletion));
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const expirySweep = new CertificationExpirySweep(dataSource, rpc, webhooks);
  const expiryQueue = openQueue(QUEUE_CONTRACTS.certificationExpiry, connection);
  const expiryWorker: Worker = startWorker(QUEUE_CONTRACTS.certificationExpiry, connection, () =>
    expirySweep.run(),
  );
  await CertificationExpirySweep.schedule(expiryQueue);
  const recommendations = app.get(RecommendationEngine);
  const recommendationQueue = openQueue(QUEUE_CONTRACTS.recommendations, connection);
  const recommendationWorker: Worker = startWorker(
    QUEUE_CONTRACTS.recommendations,
    connection,
    () => recommendations.evaluateAll(),
    // Every organization in one job: allow it the time a large installation needs.
    { lockDurationMs: 600_000 },
  );
  await RecommendationEngine.schedule(recommendationQueue);
  return {
    app,
    dataSource,
    expiryQueue,
    expirySweep,
    recommendations,
    async close() {
      await recommendationWorker.close();
      await recommendationQueue.close();
      await expiryWorker.close();
      await expiryQueue.close();
      await subscription.close();
      await outbox.stop();
      await events.close();
      await app.close();
      await rpc.close();
      await dataSource.destroy();
    },
  };
}
