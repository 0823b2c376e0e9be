import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { type FaceEnrolmentJob, identityRpc, integrationRpc, QUEUE_CONTRACTS } from '@hub/proto';
import { openQueue, type RpcClient } from '@hub/kit';
import { claimTemplateResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import { reportOf } from '../test-support/analysis-report.js';
import { FaceEnrolmentsRepository } from '../faces/face-enrolments.repository.js';
import { FaceReferencesRepository } from '../faces/face-references.repository.js';
import { FaceLearning } from './face-learning.js';

const SPACE = 'face-api@1.7.15/face-recognition-128d';
const ORG = 8;
const HOWARD = 3;
const vector = (value: number) => JSON.stringify(Array<number>(128).fill(value));

const howard = {
  faceId: 'f1',
  userId: HOWARD,
  name: 'Howard',
  distance: 0.4,
  appearances: [{ start: 0, end: 4 }],
  review: { decision: 'confirmed' as const, by: 9, byName: 'Sue', at: 'now' },
};

/**
 * A face learned from a video, forgotten (its match rejected, or removed from the person's
 * references), and learned from the same video again is a new enrolment: it needs a job of its
 * own. The queue keeps finished jobs' ids, and an add of a kept id is BullMQ's no-op, so a job
 * named by the person and the video alone left the new enrolment pending for good.
 */
describe('a face learned again from the same video', () => {
  let resources: TestResources;
  let db: DataSource;
  let queue: Queue<FaceEnrolmentJob>;

  const rpc = {
    call: async (contract: unknown, payload: { userIds?: number[] }) => {
      if (contract === identityRpc.membersByIds)
        return (payload.userIds ?? []).map((id) => ({ id, name: 'Howard', suspended: false }));
      if (contract === integrationRpc.faceLearning) return { learnFromConfirmed: true };
      throw new Error('unexpected call');
    },
  } as unknown as RpcClient;

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
    queue = openQueue(QUEUE_CONTRACTS.faceEnrolment, {
      url: TEST_REDIS_URL,
      prefix: resources.redisPrefix,
    });
    await db.query(
      `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding,
         embedding_space, model, source)
       VALUES ($1, $2, 'howard.png', $3, $4, 'm', 'reference')`,
      [HOWARD, ORG, vector(0.5), SPACE],
    );
  });

  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await db?.destroy();
    await resources?.release();
  });

  it('is given a job of its own', async () => {
    const [video] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run, report)
       VALUES ($1, 'Shift', 'a.mp4', 1, 'again.mp4', now(), 1, 'completed', 1, $2) RETURNING id`,
      [ORG, JSON.stringify(reportOf([howard]))],
    )) as { id: number }[];
    const learning = new FaceLearning(
      rpc,
      new FaceEnrolmentsRepository(db),
      new FaceReferencesRepository(db),
      queue,
    );
    const confirmed = {
      organizationId: ORG,
      videoId: video!.id,
      videoKey: 'again.mp4',
      face: howard,
      matchThreshold: 0.5,
      confirmedBy: 9,
    };

    await learning.learn(confirmed);
    // The face forgotten, as a rejection or a removal from the references forgets it.
    await db.query(`DELETE FROM face_enrolments WHERE source = 'learned' AND video_id = $1`, [
      video!.id,
    ]);
    await learning.learn(confirmed);

    const jobs = await queue.getJobs(['waiting', 'prioritized', 'active', 'completed']);
    expect(jobs.map((job) => job.data.pictureKey)).toEqual(['again.mp4', 'again.mp4']);
    expect(new Set(jobs.map((job) => job.id)).size).toBe(2);
  });
});
