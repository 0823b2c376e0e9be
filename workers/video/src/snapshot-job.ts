import { isStorageFault, logger, type ObjectStorage } from '@hub/runtime';
import {
  IntegrationInboxMessage,
  type SnapshotIdentificationJob,
  type SnapshotResult,
  type TickSnapshot,
} from '@hub/proto/jobs';
import type { Job } from 'bullmq';
import { facesInPicture } from './enrolment-job.ts';
import type { FaceModel } from './faces/face-model.ts';
import { peopleInPicture } from './faces/snapshot-matching.ts';
import { asVideoFailure } from './failures.ts';
import type { FfmpegBinaries } from './frames/binaries.ts';
import { readPicture } from './frames/picture.ts';
import { isFinalAttempt } from './job-attempts.ts';
import { withTempCopy } from './temp-copy.ts';

const log = logger('snapshot');

/** Where snapshot results go: the integration service's inbox queue. */
export interface IntegrationInbox {
  add(name: string, message: IntegrationInboxMessage): Promise<unknown>;
}

export interface SnapshotDeps {
  storage: ObjectStorage;
  inbox: IntegrationInbox;
  faces: FaceModel;
  binaries: FfmpegBinaries;
  matchThreshold: number;
  /** See NamingRule.margin (faces/references.ts). */
  matchMargin: number;
}

/** How many snapshots of the job were answered identified and failed (the rest retried). */
export interface SnapshotOutcome {
  identified: number;
  failed: number;
}

/** A snapshot answered, or the reason it is tried again (the store away, or worth a retry). */
type Attempt = { result: SnapshotResult } | { retry: unknown };

/**
 * The handler of `snapshot-identification` jobs, one a tick of an organization's snapshots: the
 * faces of each camera's snapshot against the organization's enrolled faces; the integration inbox
 * hears every snapshot's result (who was seen, or why not) in one message. A snapshot that fails
 * fails alone. Unless the organization keeps snapshots, each is deleted once it has its answer.
 */
export function createSnapshotHandler(deps: SnapshotDeps) {
  return async (job: Job<SnapshotIdentificationJob>): Promise<SnapshotOutcome> => {
    // Parsed by startWorker against the queue's contract: a bad payload never gets here.
    const { organizationId, snapshots, keepSnapshot } = job.data;
    const attempts: Attempt[] = [];
    for (const snapshot of snapshots) attempts.push(await attempt(deps, job, snapshot));
    const results = attempts.flatMap((one) => ('result' in one ? [one.result] : []));
    if (results.length > 0) {
      const message = { kind: 'snapshots.answered' as const, organizationId, results };
      await deps.inbox.add(message.kind, IntegrationInboxMessage.parse(message));
      if (!keepSnapshot) await forget(deps, snapshots, attempts);
    }
    const retry = attempts.flatMap((one) => ('retry' in one ? [one.retry] : []));
    if (retry.length > 0) {
      // The retry takes only the snapshots still unanswered (a retry of the answered ones, after
      // a kill before this line, is harmless: each run is recorded once by its status).
      const left = snapshots.filter((_, index) => 'retry' in attempts[index]!);
      await job.updateData({ ...job.data, snapshots: left });
      throw retry.find(isStorageFault) ?? retry[0];
    }
    const failed = results.filter((result) => result.kind === 'snapshot.failed').length;
    return { identified: results.length - failed, failed };
  };
}

/** One snapshot of the job: its result, or what to throw for it to be tried again. */
async function attempt(
  deps: SnapshotDeps,
  job: Job<SnapshotIdentificationJob>,
  { runId, snapshotKey }: TickSnapshot,
): Promise<Attempt> {
  try {
    const faces = await withTempCopy(deps.storage, snapshotKey, 'snapshot', async (path) =>
      facesInPicture(await readPicture(path, deps.binaries, 'snapshot'), deps.faces),
    );
    const people = peopleInPicture(faces, job.data.enrolments, {
      threshold: deps.matchThreshold,
      margin: deps.matchMargin,
      space: deps.faces.space,
    });
    return { result: { kind: 'snapshot.identified', runId, facesDetected: faces.length, people } };
  } catch (error) {
    // The store away or full: the job waits for it (startWorker delays it), never failed.
    if (isStorageFault(error)) return { retry: error };
    const failure = asVideoFailure(error, { runId, snapshotKey });
    if (failure.retryable && !isFinalAttempt(job)) return { retry: failure };
    return { result: { kind: 'snapshot.failed', runId, reason: failure.message } };
  }
}

/** The answered snapshots deleted (a snapshot to be tried again is kept for its retry). */
async function forget(deps: SnapshotDeps, snapshots: TickSnapshot[], attempts: Attempt[]) {
  for (const [index, { snapshotKey }] of snapshots.entries()) {
    if (!('result' in attempts[index]!)) continue;
    await deps.storage.remove(snapshotKey).catch((error: unknown) => {
      log.warn({ err: error }, `snapshot ${snapshotKey} not deleted`);
    });
  }
}
