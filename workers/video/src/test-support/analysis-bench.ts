import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from '@hub/runtime';
import type { FaceEnrolment, VideoInboxMessage } from '@hub/proto';
import type { Job } from 'bullmq';
import { afterAll, beforeAll } from 'vitest';
import { createAnalysisHandler } from '../analysis-job.ts';
import { readVideoWorkerConfig } from '../config.ts';
import type { FaceModel } from '../faces/face-model.ts';
import { analysisSettings, loadFaceModel } from '../faces/load-face-model.ts';
import { findBinaries } from '../frames/binaries.ts';

/** What the handlers read of a BullMQ job. */
export const jobOf = <T>(data: T) => ({ data, attemptsMade: 0, opts: { attempts: 1 } }) as Job<T>;

/** The inbox as a list: these tests need no Redis. */
export function listInbox() {
  const messages: VideoInboxMessage[] = [];
  return {
    messages,
    add: async (_name: string, message: VideoInboxMessage) => messages.push(message),
  };
}

/**
 * The face analysis of a test file without Redis, with the default settings: a folder and a
 * storage of its own, the face model loaded before the file's tests and closed after.
 */
export function analysisBench(name: string) {
  const binaries = findBinaries();
  const config = readVideoWorkerConfig({});
  const folder = mkdtempSync(join(tmpdir(), `${name}-`));
  const storage = new LocalDiskStorage(join(folder, 'objects'));
  let faces: FaceModel;

  beforeAll(async () => {
    faces = await loadFaceModel(config);
  }, 60_000);

  afterAll(async () => {
    await faces?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The video file analysed as video 1 of organization 1: the completion message it sends. */
  async function analyse(video: string, enrolments: FaceEnrolment[] = []) {
    await storage.put('org/1/videos/1.mp4', readFileSync(video), 'video/mp4');
    const inbox = listInbox();
    const handle = createAnalysisHandler({
      storage,
      inbox,
      faces,
      binaries,
      steps: null,
      settings: analysisSettings(config),
    });
    const job = { videoId: 1, organizationId: 1, run: 1, videoKey: 'org/1/videos/1.mp4' };
    await handle(jobOf({ ...job, sops: [], prompt: '', enrolments }));
    const done = inbox.messages.find((message) => message.kind === 'analysis.completed');
    if (done?.kind !== 'analysis.completed') throw new Error(JSON.stringify(inbox.messages));
    return done;
  }

  return { binaries, folder, storage, faces: () => faces, analyse };
}
