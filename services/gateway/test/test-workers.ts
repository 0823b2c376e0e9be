import type { Worker } from 'bullmq';
import { openQueue, openStorage, startWorker } from '@hub/kit';
import {
  type FaceEnrolmentJob,
  type IntegrationInboxMessage,
  type LibraryInboxMessage,
  type PdfProcessingJob,
  QUEUES,
  type QuizGenerationJob,
  type SnapshotIdentificationJob,
  type VideoAnalysisJob,
  type VideoInboxMessage,
  type VideoProbeJob,
} from '@hub/proto';
import { createAnalysisHandler } from '../../../workers/video/src/analysis-job.ts';
import { readVideoWorkerConfig } from '../../../workers/video/src/config.ts';
import {
  announceEmbedder,
  createEnrolmentHandler,
} from '../../../workers/video/src/enrolment-job.ts';
import { FaceApiModel } from '../../../workers/video/src/faces/face-api-model.ts';
import {
  analysisSettings,
  faceModelOptions,
} from '../../../workers/video/src/faces/load-face-model.ts';
import { findBinaries } from '../../../workers/video/src/frames/binaries.ts';
import { createProbeHandler } from '../../../workers/video/src/probe-job.ts';
import { createSnapshotHandler } from '../../../workers/video/src/snapshot-job.ts';
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
        ocr: null,
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

/** The real video worker (face model on wasm, ffmpeg), in this process, on the stack's queues. */
/** The video worker's handlers, and its start's announcement of its embedder, told again. */
export interface RunningVideoWorkers extends RunningWorkers {
  readonly space: string;
  announceEmbedder(): Promise<void>;
}

export async function startVideoWorkers(
  stack: TestStack,
  env: Record<string, string> = {},
): Promise<RunningVideoWorkers> {
  const common: Record<string, string> = { ...stack.env, ...env };
  const config = readVideoWorkerConfig(common);
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const binaries = findBinaries({ ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH });
  // In this process: the worker's own on-demand threads would cost the tests a model load each.
  const faces = await FaceApiModel.load(faceModelOptions(config));
  const storage = openStorage(config);
  const inbox = openQueue<VideoInboxMessage>(QUEUES.videoInbox, connection);
  const integrationInbox = openQueue<IntegrationInboxMessage>(QUEUES.integrationInbox, connection);
  const workers: Worker[] = [
    startWorker<VideoAnalysisJob, unknown>(
      QUEUES.videoAnalysis,
      connection,
      createAnalysisHandler({
        storage,
        inbox,
        faces,
        binaries,
        steps: null,
        settings: analysisSettings(config),
      }),
    ),
    startWorker<FaceEnrolmentJob, unknown>(
      QUEUES.faceEnrolment,
      connection,
      createEnrolmentHandler({ storage, inbox, faces, binaries }),
    ),
    startWorker<VideoProbeJob, unknown>(
      QUEUES.videoProbe,
      connection,
      createProbeHandler({ storage, inbox, binaries }),
    ),
    startWorker<SnapshotIdentificationJob, unknown>(
      QUEUES.snapshotIdentification,
      connection,
      createSnapshotHandler({
        storage,
        inbox: integrationInbox,
        faces,
        binaries,
        matchThreshold: config.FACE_MATCH_THRESHOLD,
        matchMargin: config.FACE_MATCH_MARGIN,
      }),
    ),
  ];
  await announceEmbedder(inbox, faces);
  return {
    space: faces.space,
    announceEmbedder: () => announceEmbedder(inbox, faces),
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([inbox.close(), integrationInbox.close()]);
    },
  };
}
