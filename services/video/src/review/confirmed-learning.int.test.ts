import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Queue } from 'bullmq';
import {
  type Actor,
  type AnalysisReport,
  type FaceEnrolmentJob,
  identityRpc,
  integrationRpc,
  type ReviewFaceRequest,
} from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import { reportOf } from '../test-support/analysis-report.js';
import { FaceEnrolmentsRepository } from '../faces/face-enrolments.repository.js';
import { FaceReferencesRepository } from '../faces/face-references.repository.js';
import { UnknownPeopleRepository } from '../unknown-people/unknown-people.repository.js';
import { VideosRepository } from '../videos/videos.repository.js';
import { FaceLearning } from './face-learning.js';
import { FaceReviewRepository } from './face-review.repository.js';
import { FaceReviewService, NOT_A_MEMBER } from './face-review.service.js';

const SPACE = 'face-api@1.7.15/face-recognition-128d';
const ORG = 7;
const HOWARD = 3;
const SUE = 9;
const actor: Actor = { userId: SUE, organizationId: ORG, role: 'admin' };
const vector = (value: number) => JSON.stringify(Array<number>(128).fill(value));

/** Howard identified at 0-4 s; `decision` when a supervisor reviewed him. */
function howardReport(decision?: 'confirmed'): AnalysisReport {
  const review = decision ? { review: { decision, by: SUE, byName: 'Sue', at: 'now' } } : {};
  return reportOf([
    {
      faceId: 'f1',
      userId: HOWARD,
      name: 'Howard',
      distance: 0.4,
      appearances: [{ start: 0, end: 4 }],
      ...review,
    },
  ]);
}

/**
 * The face learned after a confirmation is learned after the review's transaction: a rejection
 * committed meanwhile must win, whichever comes first.
 */
describe('learning from a confirmed face', () => {
  let resources: TestResources;
  let db: DataSource;
  /** Runs when the service asks for the organization's learning setting: the gap. */
  let inTheGap: () => Promise<void> = async () => {};
  /** The members the organization suspended. */
  const suspended = new Set<number>();

  const rpc = {
    call: async (contract: unknown, payload: { userIds?: number[] }) => {
      if (contract === identityRpc.membersByIds) {
        const names = new Map([
          [HOWARD, 'Howard'],
          [SUE, 'Sue'],
        ]);
        return (payload.userIds ?? []).map((id) => ({
          id,
          name: names.get(id) ?? 'Someone',
          suspended: suspended.has(id),
        }));
      }
      if (contract === integrationRpc.faceLearning) {
        await inTheGap();
        return { learnFromConfirmed: true };
      }
      throw new Error('unexpected call');
    },
  } as unknown as RpcClient;
  // The worker's queue is never reached when nothing is learned; reached, it fails the learning
  // after the insert, which the assertions on the stored enrolments still see.
  const queue = {} as Queue<FaceEnrolmentJob>;

  const service = () =>
    new FaceReviewService(
      new FaceReviewRepository(db),
      new VideosRepository(db),
      rpc,
      new FaceLearning(
        rpc,
        new FaceEnrolmentsRepository(db),
        new FaceReferencesRepository(db),
        queue,
      ),
      new UnknownPeopleRepository(db),
    );

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding,
         embedding_space, model, source)
       VALUES ($1, $2, 'howard.png', $3, $4, 'm', 'reference')`,
      [HOWARD, ORG, vector(0.5), SPACE],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const insertVideo = async (key: string, report: AnalysisReport) => {
    const [row] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run, report)
       VALUES ($1, 'Shift', 'a.mp4', 1, $2, now(), 1, 'completed', 1, $3) RETURNING id`,
      [ORG, key, JSON.stringify(report)],
    )) as { id: number }[];
    return row!.id;
  };

  const learnedOf = async (videoId: number) =>
    (
      (await db.query(
        `SELECT count(*)::int AS n FROM face_enrolments WHERE video_id = $1 AND source = 'learned'`,
        [videoId],
      )) as { n: number }[]
    )[0]!.n;

  const review = (videoId: number, decision: ReviewFaceRequest) =>
    service().review(actor, videoId, 'f1', decision);

  it('learns nothing when the face was rejected after its confirmation committed', async () => {
    const videoId = await insertVideo('gap.mp4', howardReport());
    inTheGap = async () => {
      inTheGap = async () => {};
      await review(videoId, { decision: 'reject' });
    };
    await review(videoId, { decision: 'confirm' });
    const stored = await new VideosRepository(db).findInOrganization(ORG, videoId);
    expect(stored?.report?.identifiedOperators).toEqual([]);
    expect(await learnedOf(videoId)).toBe(0);
  });

  it('learns nothing from a named face rejected before it was learned', async () => {
    const [person] = (await db.query(
      `INSERT INTO unknown_people (organization_id, number) VALUES ($1, 1) RETURNING id`,
      [ORG],
    )) as { id: number }[];
    const unknown = { faceId: 'f1', appearances: [{ start: 0, end: 4 }] };
    const videoId = await insertVideo('named.mp4', {
      ...howardReport(),
      identifiedOperators: [],
      unidentifiedPeople: [unknown],
    });
    await db.query(
      `INSERT INTO unknown_faces (organization_id, person_id, video_id, run, face_id, embedding,
         embedding_space, model, appearances)
       VALUES ($1, $2, $3, 1, 'f1', $4, $5, 'm', '[{"start":0,"end":4}]')`,
      [ORG, person!.id, videoId, vector(0.2), SPACE],
    );
    inTheGap = async () => {
      inTheGap = async () => {};
      await review(videoId, { decision: 'reject' });
    };
    await review(videoId, { decision: 'name', userId: HOWARD });
    expect(await learnedOf(videoId)).toBe(0);
  });

  it('waits for a rejection holding the video, and then learns nothing', async () => {
    const videoId = await insertVideo('held.mp4', howardReport('confirmed'));
    const rejection = db.createQueryRunner();
    await rejection.connect();
    try {
      await rejection.startTransaction();
      await rejection.query(`SELECT id FROM videos WHERE id = $1 FOR UPDATE`, [videoId]);
      await rejection.query(`UPDATE videos SET report = $2 WHERE id = $1`, [
        videoId,
        JSON.stringify({ ...howardReport(), identifiedOperators: [] }),
      ]);
      const adding = new FaceReferencesRepository(db).addLearned(
        ORG,
        HOWARD,
        videoId,
        'held.mp4',
        8,
      );
      await waitingOrSettled(db, adding);
      await rejection.commitTransaction();
      expect(await adding).toBeNull();
    } finally {
      await rejection.release();
    }
    expect(await learnedOf(videoId)).toBe(0);
  });

  it('learns nothing of someone suspended, nor lets a face be named as them', async () => {
    const videoId = await insertVideo('suspended.mp4', {
      ...howardReport(),
      unidentifiedPeople: [{ faceId: 'f2', appearances: [{ start: 6, end: 8 }] }],
    });
    suspended.add(HOWARD);
    try {
      // The confirmation stands: he was there.
      const confirmed = await review(videoId, { decision: 'confirm' });
      expect(confirmed.report?.identifiedOperators[0]?.review?.decision).toBe('confirmed');
      expect(await learnedOf(videoId)).toBe(0);
      await expect(
        service().review(actor, videoId, 'f2', { decision: 'name', userId: HOWARD }),
      ).rejects.toMatchObject({ message: NOT_A_MEMBER });
    } finally {
      suspended.delete(HOWARD);
    }
  });

  it('learns a face the report still says is confirmed', async () => {
    const videoId = await insertVideo('kept.mp4', howardReport('confirmed'));
    const references = new FaceReferencesRepository(db);
    expect(await references.addLearned(ORG, HOWARD, videoId, 'kept.mp4', 8)).not.toBeNull();
    expect(await learnedOf(videoId)).toBe(1);
  });
});

/** Until another session of the database waits for a lock, or `pending` settled. */
async function waitingOrSettled(db: DataSource, pending: Promise<unknown>): Promise<void> {
  let settled = false;
  void pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    const rows = (await db.query(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )) as { pid: number }[];
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
