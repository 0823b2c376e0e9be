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
import { readPdfWorkerConfig } from './config.ts';
import { RecognizerPool } from './ocr/recognizer-pool.ts';
import { createPdfJobHandler, pdfPoisonPolicy } from './pdf-worker.ts';

await runProcess('pdf-worker', async () => {
  const config = readPdfWorkerConfig();
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const inbox = openQueue(QUEUE_CONTRACTS.libraryInbox, connection);
  const pages = openQueue(QUEUE_CONTRACTS.pdfProcessing, connection);
  // One OCR engine per job slot: page jobs side by side each read with their own.
  const recognizer = config.OCR_ENABLED ? new RecognizerPool(config.PDF_CONCURRENCY) : null;
  const storage = openStorage(config);
  const handle = createPdfJobHandler({
    storage,
    inbox,
    ocr: recognizer && { recognizer, pages },
    limits: { timeoutMs: config.PDF_JOB_TIMEOUT_MS, memoryMb: config.PDF_MEMORY_LIMIT_MB },
    threads: config.PDF_CONCURRENCY,
  });
  const worker = startWorker(QUEUE_CONTRACTS.pdfProcessing, connection, handle, {
    concurrency: config.PDF_CONCURRENCY,
    poison: pdfPoisonPolicy({ inbox, storage }),
  });
  worker.on('error', (error) => processLogger().error({ err: error }, 'worker error'));
  await worker.waitUntilReady();
  const heartbeat = startHeartbeat(connection, 'pdf-worker');
  processLogger().info('ready');

  stopOnSignals('pdf-worker', async () => {
    // Running jobs finish first; their documents are not left half written.
    await worker.close();
    await heartbeat.stop();
    await inbox.close();
    await pages.close();
    await recognizer?.stop();
  });
});
