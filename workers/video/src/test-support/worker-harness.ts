import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LocalDiskStorage,
  openQueue,
  startWorker,
  type ObjectStorage,
  type QueueConnection,
} from '@hub/runtime';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import {
  QUEUES,
  VideoInboxMessage,
  type AnalysisReport,
  type FaceEnrolmentJob,
  type VideoAnalysisJob,
} from '@hub/proto';
import type { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll } from 'vitest';
import { createAnalysisHandler, type AnalysisSettings } from '../analysis-job.ts';
import { DEFAULT_MATCH_MARGIN, DEFAULT_MATCH_THRESHOLD } from '../config.ts';
import { createEnrolmentHandler } from '../enrolment-job.ts';
import { DEFAULT_CLUSTER_OPTIONS } from '../faces/clustering.ts';
import { FaceApiModel } from '../faces/face-api-model.ts';
import type { FaceModel } from '../faces/face-model.ts';
import { findBinaries, type FfmpegBinaries } from '../frames/binaries.ts';
import type { StepAnalyzer } from '../steps/step-analyzer.ts';

/** The analysis settings of the worker tests: small frames, the default matching rule. */
export const TEST_SETTINGS: AnalysisSettings = {
  sampleFps: 1,
  frameWidth: 640,
  frameHeight: 480,
  matchThreshold: DEFAULT_MATCH_THRESHOLD,
  matchMargin: DEFAULT_MATCH_MARGIN,
  cluster: DEFAULT_CLUSTER_OPTIONS,
  timeoutMs: 120_000,
};

/** What the handlers work with: the files, the face model, ffmpeg. */
export interface HarnessPlace {
  storage: ObjectStorage;
  model: FaceModel;
  binaries: FfmpegBinaries;
}

/**
 * A test file's place: a temporary folder (removed after the file) with its storage, ffmpeg, and
 * the real face model, loaded before the file's tests.
 */
export function workerTestPlace(
  name: string,
): HarnessPlace & { folder: string; model: FaceApiModel } {
  const folder = mkdtempSync(join(tmpdir(), `${name}-`));
  let model: FaceApiModel | undefined;
  beforeAll(async () => {
    model = await FaceApiModel.load({ backend: 'wasm', minConfidence: 0.5 });
  }, 60_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return {
    folder,
    storage: new LocalDiskStorage(join(folder, 'objects')),
    binaries: findBinaries(),
    get model() {
      if (!model) throw new Error('The face model is loaded before the tests');
      return model;
    },
  };
}

/** The worker's queues and handlers on a Redis prefix of their own. */
export class Harness {
  readonly resources: TestResources = claimTestResources();
  readonly connection: QueueConnection = {
    url: TEST_REDIS_URL,
    prefix: this.resources.redisPrefix,
  };
  readonly inbox: Queue<VideoInboxMessage> = openQueue(QUEUES.videoInbox, this.connection);
  readonly analysisJobs: Queue<VideoAnalysisJob> = openQueue(QUEUES.videoAnalysis, this.connection);
  readonly enrolmentJobs: Queue<FaceEnrolmentJob> = openQueue(
    QUEUES.faceEnrolment,
    this.connection,
  );
  private readonly workers: Worker[] = [];

  readonly storage: ObjectStorage;

  constructor(place: HarnessPlace, steps: StepAnalyzer | null, settings: AnalysisSettings) {
    const { storage, model, binaries } = place;
    this.storage = storage;
    const deps = { storage, inbox: this.inbox, faces: model, binaries };
    this.workers.push(
      startWorker(QUEUES.faceEnrolment, this.connection, createEnrolmentHandler(deps)),
      startWorker(
        QUEUES.videoAnalysis,
        this.connection,
        createAnalysisHandler({ ...deps, steps, settings }),
      ),
    );
  }

  async messages(): Promise<VideoInboxMessage[]> {
    const jobs = await this.inbox.getJobs(['waiting', 'delayed', 'prioritized'], 0, -1, true);
    return jobs.map((job) => VideoInboxMessage.parse(job.data));
  }

  async waitFor<T extends VideoInboxMessage>(
    match: (message: VideoInboxMessage) => message is T,
    timeoutMs = 120_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = (await this.messages()).find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('No such message in the video inbox in time');
  }

  async enrol(userId: number, pictureKey: string) {
    await this.enrolmentJobs.add('enrol', { userId, organizationId: 1, pictureKey, changedBy: 99 });
    return this.waitFor(
      (m): m is Extract<VideoInboxMessage, { kind: 'face.enrolled' | 'face.rejected' }> =>
        (m.kind === 'face.enrolled' || m.kind === 'face.rejected') &&
        m.userId === userId &&
        m.pictureKey === pictureKey,
    );
  }

  async analyse(
    job: Omit<VideoAnalysisJob, 'organizationId' | 'run' | 'prompt' | 'sops'> &
      Partial<VideoAnalysisJob>,
  ) {
    await this.analysisJobs.add(
      'analyse',
      {
        organizationId: 1,
        run: 1,
        prompt: 'Check the operator follows each step.',
        sops: [],
        ...job,
      },
      { attempts: 1 },
    );
    return this.waitFor(
      (m): m is Extract<VideoInboxMessage, { kind: 'analysis.completed' | 'analysis.failed' }> =>
        (m.kind === 'analysis.completed' || m.kind === 'analysis.failed') &&
        m.videoId === job.videoId,
      180_000,
    );
  }

  async close() {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([this.inbox.close(), this.analysisJobs.close(), this.enrolmentJobs.close()]);
    await this.resources.release().catch(() => undefined);
  }
}

/** Puts a file of the disk into the harness's storage. */
export async function putFile(storage: ObjectStorage, key: string, file: string) {
  await storage.put(key, readFileSync(file), 'application/octet-stream');
}

/** The report of a completed analysis; anything else fails the test with what came instead. */
export const completed = (message: VideoInboxMessage): AnalysisReport => {
  if (message.kind !== 'analysis.completed')
    throw new Error(`Not completed: ${JSON.stringify(message)}`);
  return message.report;
};
