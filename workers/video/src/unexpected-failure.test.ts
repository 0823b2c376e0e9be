import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from '@hub/runtime';
import { FAILURE_REASONS, type IntegrationInboxMessage } from '@hub/proto';
import type {
  FaceEnrolmentJob,
  SnapshotIdentificationJob,
  VideoInboxMessage,
  VideoProbeJob,
} from '@hub/proto/jobs';
import type { Job } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import type { FaceModel } from './faces/face-model.ts';
import { createEnrolmentHandler } from './enrolment-job.ts';
import { asVideoFailure, VideoFailure } from './failures.ts';
import { findBinaries } from './frames/binaries.ts';
import { createProbeHandler } from './probe-job.ts';
import { createSnapshotHandler } from './snapshot-job.ts';

const folder = mkdtempSync(join(tmpdir(), 'unexpected-failure-'));
const storage = new LocalDiskStorage(folder);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SQL_ERROR = 'duplicate key value violates unique constraint "face_enrolments_pkey"';

/** A model that breaks in a way nobody foresaw (as a bug or a library would). */
const broken: FaceModel = {
  name: 'broken',
  space: 'broken',
  detect: async () => {
    throw new Error(SQL_ERROR);
  },
  close: async () => undefined,
};

const binaries = findBinaries();
const picture = () => readFileSync(join(import.meta.dirname, 'test-support/life-pattern.png'));
/** A job on its last attempt, as BullMQ hands it over. */
const lastAttempt = <T>(data: T) =>
  ({ data, attemptsMade: 1, opts: { attempts: 2 } }) as unknown as Job<T>;

describe('an unexpected error in the video worker', () => {
  it("is said generically, never in the error's own words", () => {
    const failure = asVideoFailure(new Error(SQL_ERROR), { videoId: 1 });
    expect(failure.message).toBe(FAILURE_REASONS.unexpected_error);
    expect(failure.retryable).toBe(true);
    const known = new VideoFailure('The video has no frames.');
    expect(asVideoFailure(known, { videoId: 1 })).toBe(known);
  });

  it("fails a snapshot on its last attempt with the generic sentence, not the error's", async () => {
    await storage.put('org/1/snapshots/a.png', picture(), 'image/png');
    const sent: IntegrationInboxMessage[] = [];
    const handle = createSnapshotHandler({
      storage,
      inbox: { add: async (_name, message) => sent.push(message) },
      faces: broken,
      binaries,
      matchThreshold: 0.5,
      matchMargin: 0.05,
    });
    const data: SnapshotIdentificationJob = {
      organizationId: 1,
      keepSnapshot: true,
      enrolments: [],
      snapshots: [{ runId: 5, snapshotKey: 'org/1/snapshots/a.png' }],
    };
    await expect(handle(lastAttempt(data))).resolves.toEqual({
      identified: 0,
      failed: 1,
    });
    expect(sent).toEqual([
      {
        kind: 'snapshots.answered',
        organizationId: 1,
        results: [{ kind: 'snapshot.failed', runId: 5, reason: FAILURE_REASONS.unexpected_error }],
      },
    ]);
  }, 30_000);

  it("rejects a profile picture on its last attempt with the generic sentence, not the error's", async () => {
    await storage.put('org/1/pictures/9.png', picture(), 'image/png');
    const sent: VideoInboxMessage[] = [];
    const handle = createEnrolmentHandler({
      storage,
      inbox: { add: async (_name, message) => sent.push(message) },
      faces: broken,
      binaries,
    });
    const data: FaceEnrolmentJob = {
      userId: 9,
      organizationId: 1,
      pictureKey: 'org/1/pictures/9.png',
      changedBy: 1,
    };
    await expect(handle(lastAttempt(data))).rejects.toThrow(SQL_ERROR);
    expect(sent).toEqual([
      {
        kind: 'face.rejected',
        userId: 9,
        pictureKey: 'org/1/pictures/9.png',
        changedBy: 1,
        reason: FAILURE_REASONS.unexpected_error,
      },
    ]);
  }, 30_000);

  it("fails a probed video on its last attempt with the generic sentence, not the error's", async () => {
    const video = join(folder, 'clip.mp4');
    execFileSync(binaries.ffmpeg, [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=32x32:rate=5'],
      ...['-pix_fmt', 'yuv420p', video],
    ]);
    await storage.put('org/1/videos/4.mp4', readFileSync(video), 'video/mp4');
    const sent: VideoInboxMessage[] = [];
    // The inbox breaks on the probe's answer (as a bug would), and takes the failure after it.
    const inbox = {
      add: async (_name: string, message: VideoInboxMessage) => {
        if (message.kind === 'video.probed') throw new Error(SQL_ERROR);
        sent.push(message);
      },
    };
    const handle = createProbeHandler({ storage, inbox, binaries });
    const data: VideoProbeJob = { videoId: 4, organizationId: 1, videoKey: 'org/1/videos/4.mp4' };
    await expect(handle(lastAttempt(data))).rejects.toThrow(VideoFailure);
    expect(sent).toEqual([
      { kind: 'video.unreadable', videoId: 4, reason: FAILURE_REASONS.unexpected_error },
    ]);
  }, 30_000);
});
