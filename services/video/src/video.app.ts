import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { QUEUE_CONTRACTS } from '@hub/proto';
import {
  EventBus,
  Outbox,
  openQueue,
  openStorage,
  listenForRpc,
  RpcClient,
  startWorker,
  WebhookAnnouncer,
} from '@hub/kit';
import type { VideoConfig } from './config.js';
import { openVideoDatabase } from './database.js';
import { FaceEnrolments } from './faces/face-enrolments.js';
import { FaceEnrolmentsRepository } from './faces/face-enrolments.repository.js';
import { FaceReenrolment } from './faces/face-reenrolment.js';
import { AnalysisDispatch } from './processing/analysis-dispatch.js';
import { AnalysisSweeper } from './processing/analysis-sweeper.js';
import { handleVideoEvents } from './processing/video-events.js';
import { VideoInbox } from './processing/video-inbox.js';
import { UnknownFacesRetention } from './unknown-people/unknown-faces-retention.js';
import { VideoModule } from './video.module.js';

export interface RunningVideo {
  app: INestMicroservice;
  dataSource: DataSource;
  inboxWorker: Worker;
  sweeper: AnalysisSweeper;
  unknownFacesRetention: UnknownFacesRetention;
  close(): Promise<void>;
}

/** Migrates the video schema, answers RPCs, applies the worker's results and enrols new faces. */
export async function startVideo(config: VideoConfig): Promise<RunningVideo> {
  const storage = openStorage(config);
  const dataSource = await openVideoDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const analysisQueue = openQueue(QUEUE_CONTRACTS.videoAnalysis, connection);
  const enrolmentQueue = openQueue(QUEUE_CONTRACTS.faceEnrolment, connection);
  const probeQueue = openQueue(QUEUE_CONTRACTS.videoProbe, connection);
  const rpc = new RpcClient(config.REDIS_URL, config.REDIS_PREFIX);
  const events = new EventBus(config.REDIS_URL, config.REDIS_PREFIX);
  // Every event this service publishes goes through its outbox (written with the change).
  const outbox = new Outbox(dataSource, events);
  outbox.start();
  const enrolments = new FaceEnrolmentsRepository(dataSource);
  const analysisDispatch = new AnalysisDispatch(
    dataSource,
    analysisQueue,
    new FaceEnrolments(enrolments, rpc),
    config.ANALYSIS_ENROLMENT_WAIT_MINUTES,
  );
  const app = await listenForRpc(
    'video',
    VideoModule.register({
      dataSource,
      storage,
      rpc,
      analysisQueue,
      probeQueue,
      enrolmentQueue,
      analysisDispatch,
    }),
    config,
  );
  const reenrolment = new FaceReenrolment(enrolments, enrolmentQueue);
  const inbox = new VideoInbox(
    dataSource,
    rpc,
    analysisDispatch,
    storage,
    reenrolment,
    new WebhookAnnouncer(outbox),
  );
  const inboxWorker = startWorker(
    QUEUE_CONTRACTS.videoInbox,
    connection,
    (job) => inbox.handle(job.data),
    {
      concurrency: 4,
    },
  );
  const sweeper = new AnalysisSweeper(
    dataSource,
    analysisQueue,
    config.ANALYSIS_STALL_MINUTES,
    analysisDispatch,
  );
  sweeper.start();
  const retention = new UnknownFacesRetention(dataSource, rpc, storage);
  retention.start();
  const subscription = handleVideoEvents(events, dataSource, storage, enrolmentQueue);
  return {
    app,
    dataSource,
    inboxWorker,
    sweeper,
    unknownFacesRetention: retention,
    async close() {
      // Not waited for: a sweep under way may be long, and one the closing database cuts short is
      // done again at the next start.
      void sweeper.stop();
      void retention.stop();
      await subscription.close();
      await outbox.stop();
      await events.close();
      await inboxWorker.close();
      await app.close();
      await analysisQueue.close();
      await enrolmentQueue.close();
      await probeQueue.close();
      await rpc.close();
      await dataSource.destroy();
    },
  };
}
