import type { ObjectStorage } from '@hub/runtime';
import { isStorageFault, logger } from '@hub/runtime';
import { IntegrationInboxMessage, type SnapshotIdentificationJob } from '@hub/proto/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { facesInPicture } from './enrolment-job.ts';
import type { FaceModel } from './faces/face-model.ts';
import { peopleInPicture } from './faces/snapshot-matching.ts';
import { errorText, sentence, VideoFailure } from './failures.ts';
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

export type SnapshotOutcome = 'identified' | 'failed';

/**
 * The handler of `snapshot-identification` jobs: the faces of a camera's snapshot against the
 * organization's enrolled faces; the integration inbox hears who was seen (or why not). Unless the
 * organization keeps snapshots, the picture is deleted once it has its answer.
 */
export function createSnapshotHandler(deps: SnapshotDeps) {
  const send = async (message: IntegrationInboxMessage) => {
    await deps.inbox.add(message.kind, IntegrationInboxMessage.parse(message));
  };
  return async (job: Job<SnapshotIdentificationJob>): Promise<SnapshotOutcome> => {
    // Parsed by startWorker against the queue's contract: a bad payload never gets here.
    const { runId, snapshotKey, keepSnapshot, enrolments } = job.data;
    const forget = async () => {
      if (keepSnapshot) return;
      await deps.storage.remove(snapshotKey).catch((error: unknown) => {
        log.warn({ err: error }, `snapshot ${snapshotKey} not deleted`);
      });
    };
    try {
      const faces = await withTempCopy(deps.storage, snapshotKey, 'snapshot', async (path) =>
        facesInPicture(await readPicture(path, deps.binaries, 'snapshot'), deps.faces),
      );
      const people = peopleInPicture(faces, enrolments, {
        threshold: deps.matchThreshold,
        margin: deps.matchMargin,
        space: deps.faces.space,
      });
      await send({ kind: 'snapshot.identified', runId, facesDetected: faces.length, people });
      await forget();
      return 'identified';
    } catch (error) {
      // The store away or full: the job waits for it (startWorker delays it), never failed.
      if (isStorageFault(error)) throw error;
      const failure =
        error instanceof VideoFailure
          ? error
          : new VideoFailure(
              `The snapshot could not be identified: ${sentence(errorText(error))}`,
              true,
            );
      if (!failure.retryable || isFinalAttempt(job)) {
        await send({ kind: 'snapshot.failed', runId, reason: failure.message });
        await forget();
      }
      if (!failure.retryable) throw new UnrecoverableError(failure.message);
      throw failure;
    }
  };
}
