import { isStorageFault, type ObjectStorage } from '@hub/runtime';
import type { VideoProbeJob } from '@hub/proto/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { asVideoFailure } from './failures.ts';
import type { FfmpegBinaries } from './frames/binaries.ts';
import { probeVideo } from './frames/probe.ts';
import { sendTo, type Inbox } from './inbox.ts';
import { isFinalAttempt } from './job-attempts.ts';
import { withTempCopy } from './temp-copy.ts';

export interface ProbeDeps {
  storage: ObjectStorage;
  inbox: Inbox;
  binaries: FfmpegBinaries;
}

export type ProbeOutcome = 'probed' | 'unreadable';

/**
 * The handler of `video-probe` jobs: ffprobe reads the uploaded file, which passed the magic-byte
 * check of the upload but may be anything after its first bytes. A file ffprobe cannot read as a
 * video is reported unreadable at once; storage trouble is retried, and the last attempt reports.
 */
export function createProbeHandler(deps: ProbeDeps) {
  const send = sendTo(deps.inbox);
  return async (job: Job<VideoProbeJob>): Promise<ProbeOutcome> => {
    // Parsed by startWorker against the queue's contract: a bad payload never gets here.
    const { videoId, videoKey } = job.data;
    try {
      const probe = await withTempCopy(deps.storage, videoKey, 'video', (path) =>
        probeVideo(path, deps.binaries),
      );
      await send({ kind: 'video.probed', videoId, durationSeconds: probe.durationSeconds });
      return 'probed';
    } catch (error) {
      // The store away or full: the job waits for it (startWorker delays it), never failed.
      if (isStorageFault(error)) throw error;
      const failure = asVideoFailure(error, { videoId });
      if (!failure.retryable || isFinalAttempt(job)) {
        await send({ kind: 'video.unreadable', videoId, reason: failure.message });
      }
      if (!failure.retryable) throw new UnrecoverableError(failure.message);
      throw failure;
    }
  };
}
