import type { Worker } from 'bullmq';
import { openQueue, openStorage, startWorker } from '@hub/kit';
import {
  type LibraryInboxMessage,
  type PdfProcessingJob,
  QUEUES,
  type QuizGenerationJob,
} from '@hub/proto';
import { readPdfWorkerConfig } from '../../../workers/pdf/src/config.ts';
import { createPdfJobHandler } from '../../../workers/pdf/src/pdf-worker.ts';
import { readQuizWorkerConfig } from '../../../workers/quiz/src/config.ts';
import { createGenerator } from '../../../workers/quiz/src/generators/create-generator.ts';
import { createQuizJobHandler } from '../../../workers/quiz/src/quiz-worker.ts';
import type { TestStack } from './test-stack.js';

export interface RunningWorkers {
  close(): Promise<void>;
}

/**
 * The real PDF and quiz workers, in this process, on the stack's queues and storage: what
 * the library hears back is what production workers would say. OCR stays off unless asked.
 */
export function startDocumentWorkers(
  stack: TestStack,
  env: Record<string, string> = {},
): RunningWorkers {
  const common: Record<string, string> = { ...stack.env, OCR_ENABLED: 'false', ...env };
  const connection = { url: common.REDIS_URL!, prefix: common.REDIS_PREFIX! };
  const inbox = openQueue<LibraryInboxMessage>(QUEUES.libraryInbox, connection);
  const pdfConfig = readPdfWorkerConfig(common);
  const quizConfig = readQuizWorkerConfig(common);
  const workers: Worker[] = [
    startWorker<PdfProcessingJob, unknown>(
      QUEUES.pdfProcessing,
      connection,
      createPdfJobHandler({
        storage: openStorage(pdfConfig),
        inbox,
        recognizer: null,
        limits: {
          timeoutMs: pdfConfig.PDF_JOB_TIMEOUT_MS,
          memoryMb: pdfConfig.PDF_MEMORY_LIMIT_MB,
        },
      }),
    ),
    startWorker<QuizGenerationJob, unknown>(
      QUEUES.quizGeneration,
      connection,
      createQuizJobHandler({
        storage: openStorage(quizConfig),
        inbox,
        generator: createGenerator(quizConfig),
        timeoutMs: quizConfig.QUIZ_JOB_TIMEOUT_MS,
      }),
    ),
  ];
  return {
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await inbox.close();
    },
  };
}
