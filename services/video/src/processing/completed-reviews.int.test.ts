import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type AnalysisReport, identityRpc, type NotificationRequest } from '@hub/proto';
import type { ObjectStorage, RpcClient, WebhookAnnouncer } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
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

/** Identity's fakes: members of ORG, these of them suspended by the organization. */
function fakes(told: Told, suspended: readonly number[] = []) {
  const rpc = {
    call: async (
      contract: unknown,
      payload: { notification?: NotificationRequest; userIds?: number[] },
    ) => {
      if (contract === identityRpc.notify && payload.notification) {
        told.notifications.push(payload.notification);
      }
      if (contract === identityRpc.membersByIds) {
        return (payload.userIds ?? []).map((id) => ({
          id,
          isActive: true,
          suspended: suspended.includes(id),
        }));
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
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** A video of ORG whose second run is processing. */
  async function analysedAgain(storageKey: string): Promise<number> {
    const [video] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run)
       VALUES ($1, 'Shift', 'a.mp4', 1, $2, now(), 1, 'processing', 2) RETURNING id`,
      [ORG, storageKey],
    )) as { id: number }[];
    return video!.id;
  }

  it('names nobody a kept review rejected, in the notification and the webhook', async () => {
    const videoId = await analysedAgain('again.mp4');
    // Run 1's Howard at 0-4 s was rejected by a supervisor.
    await db.query(
      `INSERT INTO face_reviews (organization_id, video_id, run, face_id, decision, user_id,
         reviewed_by, appearances, user_name, reviewer_name)
       VALUES ($1, $2, 1, 'f1', 'reject', $3, 9, '[{"start":0,"end":4}]', 'Howard', 'Sue')`,
      [ORG, videoId, HOWARD],
    );
    const told: Told = { notifications: [], identifiedCounts: [] };
    const { rpc, dispatch, storage, reenrolment, webhooks } = fakes(told);
    const inbox = new VideoInbox(db, rpc, dispatch, storage, reenrolment, webhooks);
    await inbox.handle({ kind: 'analysis.completed', videoId, run: 2, report });
    expect(told.notifications).toEqual([
      expect.objectContaining({
        key: 'videoAnalysed',
        params: expect.objectContaining({ identified: ['Amy'] }),
      }),
    ]);
    expect(told.identifiedCounts).toEqual([1]);
  });

  it('names nobody suspended: identified or named before, their face is an unknown person', async () => {
    const videoId = await analysedAgain('suspended.mp4');
    // Run 1's unknown face at 6-8 s was named Howard; run 2's leaves it unidentified again.
    await db.query(
      `INSERT INTO face_reviews (organization_id, video_id, run, face_id, decision, user_id,
         reviewed_by, appearances, user_name, reviewer_name)
       VALUES ($1, $2, 1, 'f9', 'name', $3, 9, '[{"start":6,"end":8}]', 'Howard', 'Sue')`,
      [ORG, videoId, HOWARD],
    );
    const again = reportOf(report.identifiedOperators, [{ appearances: [{ start: 6, end: 8 }] }]);
    // Each kept face's embedding says whose it is: faces follow their report entries.
    const face = (index: number, whose: number) => ({
      index,
      embedding: [whose, 1],
      space: 'test-space',
      model: 'test-model',
      thumbnailKey: null,
    });
    const told: Told = { notifications: [], identifiedCounts: [] };
    const { rpc, dispatch, storage, reenrolment, webhooks } = fakes(told, [HOWARD]);
    const inbox = new VideoInbox(db, rpc, dispatch, storage, reenrolment, webhooks);
    await inbox.handle({
      kind: 'analysis.completed',
      videoId,
      run: 2,
      report: again,
      unknownFaces: [face(0, 8)],
      identifiedFaces: [face(0, HOWARD), face(1, AMY)],
    });
    expect(told.notifications).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ identified: ['Amy'] }) }),
    ]);
    expect(told.identifiedCounts).toEqual([1]);
    const [stored] = (await db.query(`SELECT report FROM videos WHERE id = $1`, [videoId])) as {
      report: AnalysisReport;
    }[];
    expect(stored!.report.identifiedOperators.map((named) => named.userId)).toEqual([AMY]);
    // His face the worker identified, and the face named him before: both unknown people.
    const unknown = stored!.report.unidentifiedPeople;
    expect(unknown.map((person) => person.appearances)).toEqual([
      [{ start: 0, end: 4 }],
      [{ start: 6, end: 8 }],
    ]);
    expect(unknown.every((person) => person.unknownPerson)).toBe(true);
    expect(stored!.report.identificationRate).toBeCloseTo(1 / 3);
    const kept = await db.query(
      `SELECT face_id, embedding, identified_user_id, person_id IS NOT NULL AS grouped
         FROM unknown_faces WHERE video_id = $1 ORDER BY face_id`,
      [videoId],
    );
    expect(kept).toEqual([
      { face_id: 'f1', embedding: [HOWARD, 1], identified_user_id: null, grouped: true },
      { face_id: 'f2', embedding: [AMY, 1], identified_user_id: AMY, grouped: false },
      { face_id: 'f3', embedding: [8, 1], identified_user_id: null, grouped: true },
    ]);
  });
});
