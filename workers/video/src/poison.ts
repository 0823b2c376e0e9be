import type { PoisonPolicy } from '@hub/runtime';
import {
  IntegrationInboxMessage,
  type FaceEnrolmentJob,
  type SnapshotIdentificationJob,
  type VideoAnalysisJob,
  type VideoProbeJob,
} from '@hub/proto/jobs';
import { sendTo, type Inbox } from './inbox.ts';
import type { IntegrationInbox } from './snapshot-job.ts';

/**
 * What a video, picture or snapshot during which the worker process died twice (see the kit's
 * PoisonPolicy) fails with. Each report is one the owning service applies once only (a run or a
 * status that already ended is left as it is), so a second report changes nothing.
 */
export const POISON_REASON =
  'Processing stopped the video worker twice; the file may be damaged or hostile.';

export function analysisPoison(inbox: Inbox): PoisonPolicy<VideoAnalysisJob> {
  const send = sendTo(inbox);
  return {
    reason: POISON_REASON,
    report: ({ data: { videoId, run } }, reason) =>
      send({ kind: 'analysis.failed', videoId, run, reason }),
  };
}

export function probePoison(inbox: Inbox): PoisonPolicy<VideoProbeJob> {
  const send = sendTo(inbox);
  return {
    reason: POISON_REASON,
    report: ({ data: { videoId } }, reason) => send({ kind: 'video.unreadable', videoId, reason }),
  };
}

export function enrolmentPoison(inbox: Inbox): PoisonPolicy<FaceEnrolmentJob> {
  const send = sendTo(inbox);
  return {
    reason: POISON_REASON.replace('the file', 'the picture'),
    report: ({ data: { userId, pictureKey, changedBy } }, reason) =>
      send({ kind: 'face.rejected', userId, pictureKey, changedBy, reason }),
  };
}

export function snapshotPoison(inbox: IntegrationInbox): PoisonPolicy<SnapshotIdentificationJob> {
  return {
    reason: POISON_REASON.replace('the file', 'the snapshot'),
    // Every snapshot of the tick's job: which one stopped the worker is not known.
    report: async ({ data: { organizationId, snapshots } }, reason) => {
      const message = {
        kind: 'snapshots.answered' as const,
        organizationId,
        results: snapshots.map(({ runId }) => ({
          kind: 'snapshot.failed' as const,
          runId,
          reason,
        })),
      };
      await inbox.add(message.kind, IntegrationInboxMessage.parse(message));
    },
  };
}
