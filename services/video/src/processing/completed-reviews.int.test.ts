import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { identityRpc, type NotificationRequest } from '@hub/proto';
import type { ObjectStorage, RpcClient, WebhookAnnouncer } from '@hub/kit';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openVideoDatabase } from '../database.js';
import { reportOf } from '../test-support/analysis-report.js';
import type { FaceReenrolment } from '../faces/face-reenrolment.js';
import type { AnalysisDispatch } from './analysis-dispatch.js';
import { VideoInbox } from './video-inbox.js';

const ORG = 7;
const HOWARD = 3;
const AMY = 4;

/** The new run identifies Howard at 0-4 s again, and Amy at 5-9 s. */
const report = reportOf([
  { userId: HOWARD, name: 'Howard', distance: 0.4, appearances: [{ start: 0, end: 4 }] },
  { userId: AMY, name: 'Amy', distance: 0.3, appearances: [{ start: 5, end: 9 }] },
]);

/** What the inbox told: notifications and webhook facts. */
interface Told {
  notifications: NotificationRequest[];
  identifiedCounts: unknown[];
}

function fakes(told: Told) {
  const rpc = {
    call: async (contract: unknown, payload: { notification?: NotificationRequest }) => {
      if (contract === identityRpc.notify && payload.notification) {
        told.notifications.push(payload.notification);
      }
      return [];
    },
  } as unknown as RpcClient;
  const webhooks = {
    announce: async (fact: { data: { identifiedOperators: unknown } }) => {
      told.identifiedCounts.push(fact.data.identifiedOperators);
    },
  } as unknown as WebhookAnnouncer;
  const none = {} as unknown;
  return {
    rpc,
    webhooks,
    dispatch: none as AnalysisDispatch,
    storage: none as ObjectStorage,
    reenrolment: none as FaceReenrolment,
  };
}

/** A video analysed again: what the uploader is told follows the supervisors' kept reviews. */
describe('an analysis completed over earlier reviews', () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = claimTestResources();
    db = await openVideoDatabase(resources.databaseUrl);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('names nobody a kept review rejected, in the notification and the webhook', async () => {
    const [video] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run)
       VALUES ($1, 'Shift', 'a.mp4', 1, 'again.mp4', now(), 1, 'processing', 2) RETURNING id`,
      [ORG],
    )) as { id: number }[];
    // Run 1's Howard at 0-4 s was rejected by a supervisor.
    await db.query(
      `INSERT INTO face_reviews (organization_id, video_id, run, face_id, decision, user_id,
         reviewed_by, appearances, user_name, reviewer_name)
       VALUES ($1, $2, 1, 'f1', 'reject', $3, 9, '[{"start":0,"end":4}]', 'Howard', 'Sue')`,
      [ORG, video!.id, HOWARD],
    );
    const told: Told = { notifications: [], identifiedCounts: [] };
    const { rpc, dispatch, storage, reenrolment, webhooks } = fakes(told);
    const inbox = new VideoInbox(db, rpc, dispatch, storage, reenrolment, webhooks);
    await inbox.handle({ kind: 'analysis.completed', videoId: video!.id, run: 2, report });
    expect(told.notifications).toEqual([
      expect.objectContaining({
        key: 'videoAnalysed',
        params: expect.objectContaining({ identified: ['Amy'] }),
      }),
    ]);
    expect(told.identifiedCounts).toEqual([1]);
  });
});
