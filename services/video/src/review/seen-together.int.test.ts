import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  type Actor,
  type AnalysisReport,
  errorCodeOf,
  identityRpc,
  type ReviewFaceRequest,
} from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import { reportOf } from '../test-support/analysis-report.js';
import { unknownLabel } from '../unknown-people/grouping.js';
import { UnknownPeopleRepository } from '../unknown-people/unknown-people.repository.js';
import { NONE_NAMED, UnknownPeopleService } from '../unknown-people/unknown-people.service.js';
import { VideosRepository } from '../videos/videos.repository.js';
import type { FaceLearning } from './face-learning.js';
import { FaceReviewRepository } from './face-review.repository.js';
import { FaceReviewService } from './face-review.service.js';

const HOWARD = 3;
const SUE = 9;
const actorOf = (organizationId: number): Actor => ({ userId: SUE, organizationId, role: 'admin' });

/**
 * Howard identified in sampled frames 0 and 2 (one a second: 0-3 s, the missed frame 1 bridged),
 * as the worker writes him.
 */
const howard = {
  faceId: 'f1',
  userId: HOWARD,
  name: 'Howard',
  distance: 0.4,
  appearances: [{ start: 0, end: 3 }],
  frames: [0, 2],
};

/** A face seen beside Howard in frame 2. */
const beside = { faceId: 'f2', appearances: [{ start: 2, end: 3 }], frames: [2] };
/** A face seen in frame 1 only, while Howard's face was not: within his times, not beside him. */
const between = { faceId: 'f3', appearances: [{ start: 1, end: 2 }], frames: [1] };

const rpc = {
  call: async (contract: unknown, payload: { userIds?: number[] }) => {
    if (contract === identityRpc.membersByIds) {
      return (payload.userIds ?? []).map((id) => ({ id, name: id === SUE ? 'Sue' : 'Howard' }));
    }
    throw new Error('unexpected call');
  },
} as unknown as RpcClient;

/**
 * The worker never identifies two faces of one frame as the same member; nor does a review: the
 * report's frames tell two people seen together from one person's interrupted appearance.
 */
describe('a review of a face seen beside the member it names', () => {
  let resources: TestResources;
  let db: DataSource;
  let videos: VideosRepository;
  let people: UnknownPeopleRepository;
  let reviews: FaceReviewService;
  const learning = { learn: vi.fn(), learnNamed: vi.fn() };

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
    videos = new VideosRepository(db);
    people = new UnknownPeopleRepository(db);
    const repository = new FaceReviewRepository(db);
    const learns = learning as unknown as FaceLearning;
    reviews = new FaceReviewService(repository, videos, rpc, learns, people);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const videoOf = async (organizationId: number, report: AnalysisReport) => {
    const [video] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run, report)
       VALUES ($1, 'Shift', 'a.mp4', 1, $2, now(), 1, 'completed', 1, $3) RETURNING id`,
      [organizationId, `v-${Math.random()}.mp4`, JSON.stringify(report)],
    )) as { id: number }[];
    return video!.id;
  };

  const reportNow = async (organizationId: number, videoId: number) =>
    (await videos.findInOrganization(organizationId, videoId))!.report;

  const reviewCount = async (videoId: number) =>
    Number(
      (
        (await db.query(`SELECT count(*) AS n FROM face_reviews WHERE video_id = $1`, [
          videoId,
        ])) as { n: string }[]
      )[0]!.n,
    );

  /** The review refused as a conflict, in the words of its error code; nothing changed. */
  const refused = async (
    organizationId: number,
    videoId: number,
    faceId: string,
    review: ReviewFaceRequest,
  ) => {
    const before = await reportNow(organizationId, videoId);
    const error = await reviews.review(actorOf(organizationId), videoId, faceId, review).then(
      () => undefined,
      (failure: unknown) => failure as { kind: string; message: string },
    );
    expect(error?.kind).toBe('conflict');
    expect(errorCodeOf(error!.message)).toBe('review_member_seen_together');
    expect(error!.message).toContain('Howard');
    expect(await reportNow(organizationId, videoId)).toEqual(before);
    expect(await reviewCount(videoId)).toBe(0);
  };

  it('refuses to name a face as the member identified in one of its frames', async () => {
    const org = 21;
    const videoId = await videoOf(org, reportOf([howard], [beside, between]));
    await refused(org, videoId, 'f2', { decision: 'name', userId: HOWARD });
    expect(learning.learnNamed).not.toHaveBeenCalled();
  });

  it("names a face seen within the member's times but in other frames, keeping its frames", async () => {
    const org = 22;
    const videoId = await videoOf(org, reportOf([howard], [beside, between]));
    const named = await reviews.review(actorOf(org), videoId, 'f3', {
      decision: 'name',
      userId: HOWARD,
    });
    const [entry] = named.report!.identifiedOperators;
    expect(entry).toMatchObject({ faceId: 'f1', frames: [0, 2] });
    expect(entry!.mergedFaces).toEqual([between]);
    // Named into Howard's entry, the face in frame 2 would be beside him still.
    await expect(
      reviews.review(actorOf(org), videoId, 'f2', { decision: 'name', userId: HOWARD }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    // Rejected, the entry gives each face back with its own frames.
    const rejected = await reviews.review(actorOf(org), videoId, 'f1', { decision: 'reject' });
    const unknown = rejected.report!.unidentifiedPeople;
    expect(unknown.map((face) => [face.faceId, face.frames])).toEqual([
      ['f1', [0, 2]],
      ['f3', [1]],
      ['f2', [2]],
    ]);
  });

  it('refuses to confirm an entry whose faces were seen together', async () => {
    const org = 23;
    // A face named into Howard's entry beside him, as a review could before frames were checked.
    const merged = { ...howard, mergedFaces: [beside] };
    const videoId = await videoOf(org, reportOf([merged]));
    await refused(org, videoId, 'f1', { decision: 'confirm' });
    expect(learning.learn).not.toHaveBeenCalled();
  });

  it('names a face of a report written before frames were, as before (times alone tell nothing)', async () => {
    const org = 24;
    const { frames: _frames, ...older } = howard;
    const { frames: _seen, ...olderBeside } = beside;
    const videoId = await videoOf(org, reportOf([older], [olderBeside]));
    const named = await reviews.review(actorOf(org), videoId, 'f2', {
      decision: 'name',
      userId: HOWARD,
    });
    expect(named.report!.identifiedOperators[0]!.mergedFaces).toEqual([olderBeside]);
  });

  it("leaves an unknown person's face seen beside the member listed when naming them all", async () => {
    const org = 25;
    const [person] = (await db.query(
      `INSERT INTO unknown_people (organization_id, number) VALUES ($1, 1) RETURNING id, number`,
      [org],
    )) as { id: number; number: number }[];
    const unknownPerson = { ...person!, label: unknownLabel(person!.number) };
    const videoId = await videoOf(org, reportOf([howard], [{ ...beside, unknownPerson }]));
    await db.query(
      `INSERT INTO unknown_faces (organization_id, person_id, video_id, run, face_id, embedding,
         embedding_space, model, appearances)
       VALUES ($1, $2, $3, 1, 'f2', $4, 'face-api@1.7.15/face-recognition-128d', 'm',
         '[{"start":2,"end":3}]')`,
      [org, person!.id, videoId, JSON.stringify(Array<number>(128).fill(0.1))],
    );
    const naming = new UnknownPeopleService(people, reviews);
    await expect(naming.name(actorOf(org), person!.id, HOWARD)).rejects.toMatchObject({
      kind: 'conflict',
      message: NONE_NAMED,
    });
    const listed = (await people.page(org, 10)).rows.map((row) => row.id);
    expect(listed).toEqual([person!.id]);
    expect(await reviewCount(videoId)).toBe(0);
  });
});
