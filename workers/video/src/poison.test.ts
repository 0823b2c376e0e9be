import type { IntegrationInboxMessage, VideoInboxMessage } from '@hub/proto/jobs';
import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import {
  analysisPoison,
  enrolmentPoison,
  POISON_REASON,
  probePoison,
  snapshotPoison,
} from './poison.ts';

const job = <T>(data: T) => ({ data }) as Job<T>;

describe('what the video worker says of a job that stopped it twice', () => {
  it('fails the analysis run, the probed video, the picture and the snapshot in words', async () => {
    const sent: (VideoInboxMessage | IntegrationInboxMessage)[] = [];
    const inbox = { add: async (_name: string, message: VideoInboxMessage) => sent.push(message) };
    const integration = {
      add: async (_name: string, message: IntegrationInboxMessage) => sent.push(message),
    };
    const analysis = analysisPoison(inbox);
    await analysis.report(job({ videoId: 4, run: 2 } as never), analysis.reason);
    const probe = probePoison(inbox);
    await probe.report(job({ videoId: 4 } as never), probe.reason);
    const enrolment = enrolmentPoison(inbox);
    await enrolment.report(
      job({ userId: 9, pictureKey: 'org/1/p.jpg', changedBy: 1 } as never),
      enrolment.reason,
    );
    const snapshot = snapshotPoison(integration);
    await snapshot.report(
      job({ organizationId: 3, snapshots: [{ runId: 31 }, { runId: 32 }] } as never),
      snapshot.reason,
    );

    expect(sent).toEqual([
      { kind: 'analysis.failed', videoId: 4, run: 2, reason: POISON_REASON },
      { kind: 'video.unreadable', videoId: 4, reason: POISON_REASON },
      {
        kind: 'face.rejected',
        userId: 9,
        pictureKey: 'org/1/p.jpg',
        changedBy: 1,
        reason: 'Processing stopped the video worker twice; the picture may be damaged or hostile.',
      },
      {
        kind: 'snapshots.answered',
        organizationId: 3,
        results: [31, 32].map((runId) => ({
          kind: 'snapshot.failed',
          runId,
          reason:
            'Processing stopped the video worker twice; the snapshot may be damaged or hostile.',
        })),
      },
    ]);
  });
});
