import {
  openQueue,
  processLogger,
  openStorage,
  runProcess,
  startHeartbeat,
  startWorker,
  stopOnSignals,
} from '@hub/runtime';
import { QUEUE_CONTRACTS } from '@hub/proto/jobs';
import { readQuizWorkerConfig } from './config.ts';
import { createGenerator } from './generators/create-generator.ts';
import { createQuizJobHandler, quizPoisonPolicy } from './quiz-worker.ts';

await runProcess('quiz-worker', async () => {
  const config = readQuizWorkerConfig();
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const inbox = openQueue(QUEUE_CONTRACTS.libraryInbox, connection);
  const generator = createGenerator(config);
  const handle = createQuizJobHandler({
    storage: openStorage(config),
    inbox,
    generator,
    timeoutMs: config.QUIZ_JOB_TIMEOUT_MS,
  });
  const worker = startWorker(QUEUE_CONTRACTS.quizGeneration, connection, handle, {
    concurrency: config.QUIZ_CONCURRENCY,
    poison: quizPoisonPolicy(inbox),
  });
  worker.on('error', (error) => processLogger().error({ err: error }, 'worker error'));
  await worker.waitUntilReady();
  const model = config.GEMINI_API_KEY ? `, model ${config.GEMINI_MODEL}` : '';
  processLogger().info(`generator: ${generator.kind}${model}`);
  const heartbeat = startHeartbeat(connection, 'quiz-worker');
  processLogger().info('ready');

  stopOnSignals('quiz-worker', async () => {
    // A running generation finishes first, so its result still reaches the library.
    await worker.close();
    await heartbeat.stop();
    await inbox.close();
  });
});
