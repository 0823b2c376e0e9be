import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Queue } from 'bullmq';
import {
  type Actor,
  type AnalysisReport,
  type FaceEnrolmentJob,
  identityRpc,
  integrationRpc,
} from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import { reportOf } from '../test-support/analysis-report.js';
import { FaceEnrolmentsRepository } from '../faces/face-enrolments.repository.js';
import { FaceReferencesRepository } from '../faces/face-references.repository.js';
import { FaceLearning } from '../review/face-learning.js';
import { ANALYSIS_FAILED, ANALYSIS_RUNNING } from '../review/apply-review.js';
import { FaceReviewRepository } from '../review/face-review.repository.js';
import { FaceReviewService } from '../review/face-review.service.js';
import { toVideo } from '../videos/video-rows.js';
import { VideosRepository } from '../videos/videos.repository.js';
import { unknownLabel } from './grouping.js';
import { UnknownPeopleRepository } from './unknown-people.repository.js';
import { NONE_NAMED, UnknownPeopleService } from './unknown-people.service.js';

const SPACE = 'face-api@1.7.15/face-recognition-128d';
const HOWARD = 3;
const SUE = 9;
const actorOf = (organizationId: number): Actor => ({ userId: SUE, organizationId, role: 'admin' });

/** One unidentified face, f1 at 0-4 s, labelled with its unknown person. */
function unknownIn(person: { id: number; number: number }): AnalysisReport {
  const unknownPerson = { ...person, label: unknownLabel(person.number) };
  return reportOf([], [{ faceId: 'f1', appearances: [{ start: 0, end: 4 }], unknownPerson }]);
}

const rpc = {
  call: async (contract: unknown, payload: { userIds?: number[] }) => {
    if (contract === identityRpc.membersByIds) {
      return (payload.userIds ?? []).map((id) => ({ id, name: id === SUE ? 'Sue' : 'Howard' }));
    }
    if (contract === integrationRpc.faceLearning) return { learnFromConfirmed: false };
    throw new Error('unexpected call');
  },
} as unknown as RpcClient;

/** Naming an unknown person, and rejecting a name: no face leaves the list unnamed. */
describe('unknown people named and rejected', () => {
  let resources: TestResources;
  let db: DataSource;
  let people: UnknownPeopleRepository;
  let reviews: FaceReviewService;
  let naming: UnknownPeopleService;

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
    people = new UnknownPeopleRepository(db);
    const enrolments = new FaceEnrolmentsRepository(db);
    const references = new FaceReferencesRepository(db);
    const queue = {} as Queue<FaceEnrolmentJob>;
    const learning = new FaceLearning(rpc, enrolments, references, queue);
    const videos = new VideosRepository(db);
    reviews = new FaceReviewService(new FaceReviewRepository(db), videos, rpc, learning, people);
    naming = new UnknownPeopleService(people, reviews);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const newPerson = async (organizationId: number, number: number) => {
    const [row] = (await db.query(
      `INSERT INTO unknown_people (organization_id, number) VALUES ($1, $2) RETURNING id, number`,
      [organizationId, number],
    )) as { id: number; number: number }[];
    return row!;
  };

  /** A video of the person's face f1, and the face kept in the person. */
  const seenIn = async (
    person: { id: number; number: number },
    organizationId: number,
    status: 'completed' | 'processing',
    report = unknownIn(person),
  ) => {
    const [video] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run, report)
       VALUES ($1, 'Shift', 'a.mp4', 1, $2, now(), 1, $3, 1, $4) RETURNING id`,
      [organizationId, `v-${Math.random()}.mp4`, status, JSON.stringify(report)],
    )) as { id: number }[];
    await db.query(
      `INSERT INTO unknown_faces (organization_id, person_id, video_id, run, face_id, embedding,
         embedding_space, model, appearances)
       VALUES ($1, $2, $3, 1, 'f1', $4, $5, 'm', '[{"start":0,"end":4}]')`,
      [organizationId, person.id, video!.id, JSON.stringify(Array<number>(128).fill(0.1)), SPACE],
    );
    return video!.id;
  };

  const listed = async (organizationId: number) =>
    (await people.page(organizationId, 10)).rows.map((row) => row.id);

  it('puts a named face rejected back with its unknown person, its name cleared', async () => {
    const org = 7;
    const person = await newPerson(org, 1);
    const videoId = await seenIn(person, org, 'completed');
    await naming.name(actorOf(org), person.id, HOWARD);
    expect(await listed(org)).toEqual([]);
    const rejected = await reviews.review(actorOf(org), videoId, 'f1', { decision: 'reject' });
    const face = rejected.report!.unidentifiedPeople.find((other) => other.faceId === 'f1');
    expect(face?.unknownPerson).toEqual({ ...person, label: unknownLabel(person.number) });
    expect(await listed(org)).toEqual([person.id]);
    const faces = await people.faces(org, person.id);
    expect(faces.map((kept) => [kept.video_id, kept.face_id])).toEqual([[videoId, 'f1']]);
    // Named rightly now, it is the other member's.
    await naming.name(actorOf(org), person.id, SUE);
    expect(await listed(org)).toEqual([]);
  });

  it('gives a named face merged into the member seen back to its unknown person, rejected', async () => {
    const org = 9;
    const person = await newPerson(org, 1);
    const unknownPerson = { ...person, label: unknownLabel(person.number) };
    const howard = { faceId: 'f2', userId: HOWARD, name: 'Howard', distance: 0.4 };
    const report = reportOf(
      [{ ...howard, appearances: [{ start: 6, end: 8 }] }],
      [{ faceId: 'f1', appearances: [{ start: 0, end: 4 }], unknownPerson }],
    );
    const videoId = await seenIn(person, org, 'completed', report);
    // Named Howard, f1 joins the entry of Howard already seen (f2); then that entry is rejected.
    await naming.name(actorOf(org), person.id, HOWARD);
    const rejected = await reviews.review(actorOf(org), videoId, 'f2', { decision: 'reject' });
    const unknown = rejected.report!.unidentifiedPeople;
    expect(unknown.map((face) => [face.faceId, face.appearances])).toEqual([
      ['f1', [{ start: 0, end: 4 }]],
      ['f2', [{ start: 6, end: 8 }]],
    ]);
    expect(unknown[0]).toMatchObject({ unknownPerson, rejected: [{ userId: HOWARD }] });
    expect(await listed(org)).toEqual([person.id]);
    const faces = await people.faces(org, person.id);
    expect(faces.map((kept) => [kept.video_id, kept.face_id])).toEqual([[videoId, 'f1']]);
  });

  /**
   * The video analysed again, as its run's completion leaves it: run 2, its f1 another unknown
   * person's face, the faces of run 1 gone.
   */
  const analysedAgain = async (videoId: number, other: { id: number; number: number }) => {
    await db.query(
      `UPDATE videos SET analysis_run = 2, analyzed_at = now() + interval '1 minute', report = $2
        WHERE id = $1`,
      [videoId, JSON.stringify(unknownIn(other))],
    );
    await db.query(`DELETE FROM unknown_faces WHERE video_id = $1`, [videoId]);
    await db.query(
      `INSERT INTO unknown_faces (organization_id, person_id, video_id, run, face_id, embedding,
         embedding_space, model, appearances)
       SELECT organization_id, $2, id, 2, 'f1', $3, $4, 'm', '[{"start":0,"end":4}]'
         FROM videos WHERE id = $1`,
      [videoId, other.id, JSON.stringify(Array<number>(128).fill(0.9)), SPACE],
    );
  };

  it('names no face of a run that replaced the one the faces were read from', async () => {
    const org = 10;
    const person = await newPerson(org, 1);
    const other = await newPerson(org, 2);
    const videoId = await seenIn(person, org, 'completed');
    // The video's new analysis completes while the person's faces are being named.
    const read = UnknownPeopleRepository.prototype.faces;
    vi.spyOn(people, 'faces').mockImplementationOnce(async (organizationId, personId) => {
      const faces = await read.call(people, organizationId, personId);
      await analysedAgain(videoId, other);
      return faces;
    });
    await expect(naming.name(actorOf(org), person.id, HOWARD)).rejects.toMatchObject({
      kind: 'conflict',
      message: NONE_NAMED,
    });
    const report = (await new VideosRepository(db).findInOrganization(org, videoId))!.report;
    expect(report?.identifiedOperators).toEqual([]);
    expect(report?.unidentifiedPeople.map((face) => face.unknownPerson?.id)).toEqual([other.id]);
    const faces = await people.faces(org, other.id);
    expect(faces.map((kept) => [kept.video_id, kept.face_id])).toEqual([[videoId, 'f1']]);
  });

  it("refuses a review of a report a new analysis replaced since the supervisor's page read it", async () => {
    const org = 11;
    const person = await newPerson(org, 1);
    const other = await newPerson(org, 2);
    const videoId = await seenIn(person, org, 'completed');
    await db.query(`UPDATE videos SET analyzed_at = now() WHERE id = $1`, [videoId]);
    const videos = new VideosRepository(db);
    const shown = toVideo((await videos.findInOrganization(org, videoId))!).analyzedAt!;
    await analysedAgain(videoId, other);
    const stale = { decision: 'name', userId: HOWARD, analyzedAt: shown } as const;
    await expect(reviews.review(actorOf(org), videoId, 'f1', stale)).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect((await videos.findInOrganization(org, videoId))!.report).toEqual(unknownIn(other));
    // The report the page shows now is reviewed as before.
    const current = toVideo((await videos.findInOrganization(org, videoId))!).analyzedAt!;
    const named = await reviews.review(actorOf(org), videoId, 'f1', {
      ...stale,
      analyzedAt: current,
    });
    expect(named.report!.identifiedOperators.map((face) => face.userId)).toEqual([HOWARD]);
  });

  it('tells why the report shown beside a new analysis running or failed is not reviewed', async () => {
    const org = 12;
    const person = await newPerson(org, 1);
    const videoId = await seenIn(person, org, 'processing');
    const name = { decision: 'name', userId: HOWARD } as const;
    await expect(reviews.review(actorOf(org), videoId, 'f1', name)).rejects.toMatchObject({
      kind: 'conflict',
      message: ANALYSIS_RUNNING,
    });
    await db.query(`UPDATE videos SET analysis_status = 'failed' WHERE id = $1`, [videoId]);
    await expect(reviews.review(actorOf(org), videoId, 'f1', name)).rejects.toMatchObject({
      kind: 'conflict',
      message: ANALYSIS_FAILED,
    });
  });

  it('names nobody, and says so, when none of the faces could be named now', async () => {
    const org = 13;
    const person = await newPerson(org, 1);
    await seenIn(person, org, 'processing');
    await expect(naming.name(actorOf(org), person.id, HOWARD)).rejects.toMatchObject({
      kind: 'conflict',
      message: NONE_NAMED,
    });
    expect(await listed(org)).toEqual([person.id]);
  });

  it('keeps a person listed with the faces that could not be named', async () => {
    const org = 8;
    const person = await newPerson(org, 1);
    const named = await seenIn(person, org, 'completed');
    const analysing = await seenIn(person, org, 'processing');
    const answer = await naming.name(actorOf(org), person.id, HOWARD);
    expect(answer).toMatchObject({ faces: 1, videos: 1, left: 1 });
    expect(await listed(org)).toEqual([person.id]);
    const faces = await people.faces(org, person.id);
    expect(faces.map((kept) => kept.video_id)).toEqual([analysing]);
    const report = (await new VideosRepository(db).findInOrganization(org, named))!.report;
    expect(report?.identifiedOperators.map((face) => face.userId)).toEqual([HOWARD]);
  });

  /** `videos` completed videos of `perVideo` faces of the person each, seen apart (frame i). */
  const seenOften = async (
    person: { id: number; number: number },
    organizationId: number,
    videos: number,
    perVideo: number,
  ) => {
    const unknownPerson = { ...person, label: unknownLabel(person.number) };
    const faces = Array.from({ length: perVideo }, (_, index) => ({
      faceId: `f${index + 1}`,
      appearances: [{ start: index, end: index + 0.5 }],
      frames: [index],
      unknownPerson,
    }));
    const rows = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run, report)
       SELECT $1::int, 'Shift', 'a.mp4', 1, 'many-' || n, now(), 1, 'completed', 1, $3
         FROM generate_series(1, $2) AS n RETURNING id`,
      [organizationId, videos, JSON.stringify(reportOf([], faces))],
    )) as { id: number }[];
    await db.query(
      `INSERT INTO unknown_faces (organization_id, person_id, video_id, run, face_id, embedding,
         embedding_space, model, appearances)
       SELECT $1, $2, v, 1, 'f' || n, $4, $5, 'm', jsonb_build_array(
                jsonb_build_object('start', n - 1, 'end', n - 0.5))
         FROM unnest($3::int[]) AS v, generate_series(1, $6) AS n`,
      [
        organizationId,
        person.id,
        rows.map((row) => row.id),
        JSON.stringify(Array<number>(128).fill(0.1)),
        SPACE,
        perVideo,
      ],
    );
  };

  // The gateway waits 60 s for a naming; a person seen for months has thousands of faces.
  it('names 2,000 faces of a person in a few transactions, well within the request limit', async () => {
    const org = 14;
    const person = await newPerson(org, 1);
    await seenOften(person, org, 1000, 2);
    const transactions = vi.spyOn(db, 'transaction');
    const answer = await naming.name(actorOf(org), person.id, HOWARD);
    const count = transactions.mock.calls.length;
    transactions.mockRestore();
    expect(answer).toMatchObject({ faces: 2000, videos: 1000, left: 0 });
    expect(await listed(org)).toEqual([]);
    // A transaction a face (or a video) took 8 to 14 s for these on the test machine (no timing
    // is asserted: the transactions are counted).
    expect(count).toBeLessThan(20);
    const audit = (await db.query(
      `SELECT count(*)::int AS reviews, count(DISTINCT video_id)::int AS videos FROM face_reviews
        WHERE organization_id = $1 AND decision = 'name' AND user_id = $2`,
      [org, HOWARD],
    )) as { reviews: number; videos: number }[];
    expect(audit).toEqual([{ reviews: 2000, videos: 1000 }]);
    const reports = (await db.query(
      `SELECT DISTINCT report, identified_operators FROM videos WHERE organization_id = $1`,
      [org],
    )) as { report: AnalysisReport; identified_operators: number }[];
    expect(reports).toHaveLength(1);
    const { report, identified_operators: identified } = reports[0]!;
    expect(identified).toBe(1);
    expect(report.unidentifiedPeople).toEqual([]);
    expect(report.identifiedOperators.map((face) => [face.userId, face.mergedFaces])).toEqual([
      [HOWARD, [{ faceId: 'f2', appearances: [{ start: 1, end: 1.5 }], frames: [1] }]],
    ]);
  }, 300_000);
});
