import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { Queue, Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import {
  NOTIFICATIONS_GROUP,
  type PdfProcessingJob,
  type QuizGenerationJob,
  QUEUE_CONTRACTS,
} from '@hub/proto';
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
import type { LibraryConfig } from './config.js';
import { openLibraryDatabase } from './database.js';
import { LibraryModule } from './library.module.js';
import { handleLibraryEvents } from './organizations/organization-cleanup.js';
import { LibraryInbox } from './processing/library-inbox.js';
import { StallSweeper } from './processing/stall-sweeper.js';
import { LibraryNotifier } from './processing/library-notifier.js';
import { QuizGeneration } from './processing/quiz-generation.js';
import { AcknowledgementRequests } from './acknowledgements/acknowledgement-requests.js';
import { SafetyReobservation } from './versions/safety-reobservation.js';

export interface RunningLibrary {
  app: INestMicroservice;
  dataSource: DataSource;
  /** Where the service's events and notices are written, with the changes they tell of. */
  outbox: Outbox;
  pdfQueue: Queue<PdfProcessingJob>;
  quizQueue: Queue<QuizGenerationJob>;
  inboxWorker: Worker;
  sweeper: StallSweeper;
  close(): Promise<void>;
}

/** Migrates the library schema, answers RPCs and applies what the workers report. */
export async function startLibrary(config: LibraryConfig): Promise<RunningLibrary> {
  const storage = openStorage(config);
  const dataSource = await openLibraryDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const pdfQueue = openQueue(QUEUE_CONTRACTS.pdfProcessing, connection);
  const quizQueue = openQueue(QUEUE_CONTRACTS.quizGeneration, connection);
  const rpc = new RpcClient(config.REDIS_URL, config.REDIS_PREFIX);
  const quiz = new QuizGeneration(dataSource, quizQueue, rpc);
  const events = new EventBus(config.REDIS_URL, config.REDIS_PREFIX);
  // Its notices are read by identity's group: kept for it even before identity first reads.
  await events.keepFor(NOTIFICATIONS_GROUP);
  // Every event this service publishes goes through its outbox (written with the change).
  const outbox = new Outbox(dataSource, events);
  outbox.start();
  const webhooks = new WebhookAnnouncer(outbox);
  const app = await listenForRpc(
    'library',
    LibraryModule.register(config, { dataSource, storage, pdfQueue, quiz, rpc, webhooks, outbox }),
    config,
  );
  const notifier = new LibraryNotifier(outbox);
  const acknowledgements = new AcknowledgementRequests(dataSource, rpc, notifier);
  const reobservation = new SafetyReobservation(dataSource, storage, rpc, acknowledgements);
  const inbox = new LibraryInbox(
    dataSource,
    storage,
    quiz,
    notifier,
    acknowledgements,
    reobservation,
    webhooks,
  );
  const inboxWorker = startWorker(
    QUEUE_CONTRACTS.libraryInbox,
    connection,
    (job) => inbox.handle(job.data),
    { concurrency: 4 },
  );
  const sweeper = new StallSweeper(
    dataSource,
    { pdf: pdfQueue, quiz: quizQueue },
    config.PROCESSING_STALL_MINUTES,
    reobservation,
  );
  sweeper.start();
  const subscription = handleLibraryEvents(events, dataSource, storage);
  return {
    app,
    dataSource,
    outbox,
    pdfQueue,
    quizQueue,
    inboxWorker,
    sweeper,
    async close() {
      // Not waited for: a sweep under way may be long, and one the closing database cuts short is
      // done again at the next start.
      void sweeper.stop();
      await subscription.close();
      await outbox.stop();
      await events.close();
      await inboxWorker.close();
      await app.close();
      await pdfQueue.close();
      await quizQueue.close();
      await rpc.close();
      await dataSource.destroy();
    },
  };
}
