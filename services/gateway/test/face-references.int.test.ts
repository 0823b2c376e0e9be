import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue, type RpcClient } from '@hub/kit';
import { api, QUEUE_CONTRACTS, type VideoWithReport, videoRpc } from '@hub/proto';
import { type BodyOf, expectError } from './api-client.js';
import { type ApiSession, fixture, type TestStack, waitFor } from './test-stack.js';
import { type FacesCast, startFacesCast, stopFacesCast } from './faces-cast.js';
import { stillsVideo } from './stills-video.js';
import type { RunningVideoWorkers } from './test-workers.js';

let cast: FacesCast | undefined;
let stack: TestStack;
let workers: RunningVideoWorkers;
let rpc: RpcClient;
let folder: string;
let amy: ApiSession;
let howard: ApiSession;
let gina: ApiSession;
let root: ApiSession;
let acme: number;
let globex: number;
const id = { amy: 0, howard: 0, bernadette: 0 };

const still = (path: string) => readFileSync(fixture(`faces/${path}`));

/** ffmpeg over a fixture still: a blurred copy, or the face shrunk inside a large grey frame. */
function transformed(path: string, name: string, filter: string): Buffer {
  const out = join(folder, name);
  const input = fileURLToPath(fixture(`faces/${path}`));
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', input, '-vf', filter, out]);
  return readFileSync(out);
}

/** Stills of Amy and Howard, 2 s each. */
const shiftVideo = () =>
  stillsVideo(folder, ['amy/amy3.png', 'amy/amy4.png', 'howard/howard3.png', 'howard/howard4.png']);

/** A reference photo of one's own face (member null), or of a member's by an administrator. */
const addReference = (session: ApiSession, member: number | null, data: Buffer) => {
  const file = { name: 'face.png', data };
  if (member === null) return session.uploadTo(api.addMyFaceReference, {}, file);
  return session.uploadTo(api.addMemberFaceReference, {}, file, { params: { id: member } });
};

const memberReferences = (session: ApiSession, member: number) =>
  session.call(api.memberFaceReferences, { params: { id: member } });

const photo = (session: ApiSession, referenceId: number) =>
  session.send(api.faceReferencePhoto, { params: { referenceId } });

const referenceKeys = async (organizationId: number) =>
  stack.storage.list(`org/${organizationId}/face-references/`);

const faceRows = async (userId: number) =>
  (
    (await stack.video.dataSource.query(
      `SELECT count(*)::int AS n FROM face_enrolments WHERE user_id = $1`,
      [userId],
    )) as { n: number }[]
  )[0]!.n;

const learnedFaces = async (userId: number) =>
  (await stack.video.dataSource.query(
    `SELECT model, embedding_space, jsonb_array_length(embedding) AS length FROM face_enrolments
      WHERE user_id = $1 AND source = 'learned'`,
    [userId],
  )) as { model: string; embedding_space: string | null; length: number }[];

beforeAll(async () => {
  cast = await startFacesCast('face-references');
  ({ stack, workers, rpc, folder, acme, globex, amy, howard, gina, root } = cast);
  Object.assign(id, cast.id);
}, 120_000);

afterAll(() => stopFacesCast(cast));

describe('reference photos', () => {
  it('keeps a clear photo of one face as one more enrolment of the person', async () => {
    const added = await addReference(amy, null, still('amy/amy2.png'));
    expect(added).toMatchObject({ userId: id.amy, status: 'ready' });
    const second = await addReference(amy, null, still('amy/amy5.png'));
    expect(second).toMatchObject({ status: 'ready' });
    const list = await amy.call(api.myFaceReferences);
    expect(list.references.map((ref) => ref.status)).toEqual(['ready', 'ready']);
    // The analysis gets one enrolment per reference, the same userId.
    const enrolments = await rpc.call(videoRpc.enrolments, { organizationId: acme });
    expect(enrolments.filter((face) => face.userId === id.amy)).toHaveLength(2);
    expect((await photo(amy, added.id)).status).toBe(200);
  }, 90_000);

  it('refuses, with the reason and nothing stored, a photo without one clear, large face', async () => {
    const before = await referenceKeys(acme);
    const gray = transformed('amy/amy1.png', 'gray.png', 'drawbox=c=gray:t=fill');
    // Found by the detector, but too soft (enlarged and blurred) or too small to add anything.
    const blurred = transformed('amy/amy2.png', 'blurred.png', 'scale=600:-2,gblur=sigma=4');
    const tiny = transformed(
      'amy/amy2.png',
      'tiny.png',
      'scale=56:-2,pad=640:640:(ow-iw)/2:(oh-ih)/2:color=gray',
    );
    const cases: [Buffer, RegExp][] = [
      [gray, /No face was found in the photo/],
      [still('bbt1.jpg'), /The photo shows \d+ faces/],
      [blurred, /The face in the photo is blurred/],
      [tiny, /The face in the photo is too small \(\d+ pixels across\)/],
    ];
    for (const [data, reason] of cases) {
      const refused = await expectError(addReference(amy, null, data), 400);
      expect(refused.message).toMatch(reason);
    }
    expect(await referenceKeys(acme)).toEqual(before);
    const list = await amy.call(api.myFaceReferences);
    expect(list.references).toHaveLength(2);
  }, 120_000);

  it('lets administrators manage a member’s references, and nobody else’s organization', async () => {
    expect(await addReference(amy, id.howard, still('howard/howard2.png'))).toMatchObject({
      userId: id.howard,
      status: 'ready',
    });
    // An operator manages only their own; another organization's administrator sees nothing.
    await expectError(memberReferences(howard, id.amy), 403);
    expect((await howard.call(api.myFaceReferences)).references).toHaveLength(1);
    await expectError(memberReferences(gina, id.howard), 404);
    await expectError(addReference(gina, id.howard, still('howard/howard5.png')), 404);
    const [reference] = (await memberReferences(amy, id.howard)).references;
    expect((await photo(gina, reference!.id)).status).toBe(404);
    // Nothing of Acme is ever compared with Globex's videos or snapshots.
    expect(await rpc.call(videoRpc.enrolments, { organizationId: globex })).toEqual([]);
  }, 90_000);

  it('holds at most five references a person, and deletes one with its file', async () => {
    for (let n = 1; n <= 5; n++) {
      await addReference(amy, id.bernadette, still(`bernadette/bernadette${n}.png`));
    }
    const sixth = addReference(amy, id.bernadette, still('bernadette/bernadette1.png'));
    expect((await expectError(sixth, 400)).message).toMatch(/at most 5 reference photos/);
    const [first] = (await memberReferences(amy, id.bernadette)).references;
    const keys = await referenceKeys(acme);
    await amy.call(api.deleteMemberFaceReference, {
      params: { id: id.bernadette, referenceId: first!.id },
    });
    expect((await memberReferences(amy, id.bernadette)).references).toHaveLength(4);
    expect(await referenceKeys(acme)).toHaveLength(keys.length - 1);
  }, 150_000);
});

describe('reviewing a report', () => {
  let video: VideoWithReport;

  it('identifies people from their reference photos alone', async () => {
    const upload = await amy.uploadTo(
      api.uploadVideo,
      { title: 'Shift', recordingDate: '2026-11-20' },
      { name: 'shift.mp4', data: shiftVideo() },
    );
    const params = { id: upload.id };
    const analysis = await amy.send(api.analyzeVideo, { params, body: { linkedSOPs: [] } });
    expect(analysis.status).toBe(201);
    video = await waitFor(
      () => amy.call(api.video, { params }),
      (view) => view.analysisStatus !== 'processing',
    );
    expect(video.analysisStatus, JSON.stringify(video)).toBe('completed');
    const names = video.report!.identifiedOperators.map((face) => face.name).sort();
    expect(names).toEqual(['Amy Farrah', 'Howard Wolowitz']);
  }, 150_000);

  it('confirms one face and rejects another; the report and the member page follow', async () => {
    const face = (name: string) =>
      video.report!.identifiedOperators.find((operator) => operator.name === name)!;
    const review = (faceId: string, body: BodyOf<typeof api.reviewFace>, session = amy) =>
      session.call(api.reviewFace, { params: { id: video.id, faceId }, body });
    const amyFace = face('Amy Farrah').faceId!;
    await expectError(review(amyFace, { decision: 'confirm' }, gina), 404);
    await expectError(review(amyFace, { decision: 'confirm' }, howard), 403);
    // The organization lets confirmed faces become references.
    const privacy = await amy.call(api.updateFloorPrivacy, {
      body: { keepSnapshots: false, learnFromConfirmed: true },
    });
    expect(privacy).toMatchObject({ learnFromConfirmed: true });
    const confirmed = await amy.send(api.reviewFace, {
      params: { id: video.id, faceId: amyFace },
      body: { decision: 'confirm' },
    });
    expect(confirmed.status).toBe(201);
    const howardFace = face('Howard Wolowitz').faceId!;
    const rejected = await review(howardFace, { decision: 'reject' });
    expect(rejected.report!.identifiedOperators.map((operator) => operator.name)).toEqual([
      'Amy Farrah',
    ]);
    expect(rejected.report!.identifiedOperators[0]!.review).toMatchObject({
      decision: 'confirmed',
      byName: 'Amy Farrah',
    });
    const moved = rejected.report!.unidentifiedPeople.find(
      (person) => person.faceId === howardFace,
    );
    expect(moved!.rejected![0]).toMatchObject({ userId: id.howard, byName: 'Amy Farrah' });
    expect(rejected.identifiedOperators).toBe(1);
    const member = await amy.call(api.teamMember, { params: { id: id.howard } });
    expect(member.videos).toEqual([]);
    // Naming the face again brings Howard back, as named by a supervisor.
    const named = await review(howardFace, { decision: 'name', userId: id.howard });
    expect(named.report!.identifiedOperators.find((o) => o.userId === id.howard)).toMatchObject({
      distance: null,
      review: { decision: 'named' },
    });
    await expectError(review(howardFace, { decision: 'name', userId: 999_999 }), 400);
    const audit = (await stack.video.dataSource.query(
      `SELECT decision, user_id, reviewed_by FROM face_reviews WHERE video_id = $1 ORDER BY id`,
      [video.id],
    )) as { decision: string; user_id: number; reviewed_by: number }[];
    expect(audit.map((row) => [row.decision, row.user_id, row.reviewed_by])).toEqual([
      ['confirm', id.amy, id.amy],
      ['reject', id.howard, id.amy],
      ['name', id.howard, id.amy],
    ]);
  }, 60_000);

  it('learns the confirmed face from the video, and forgets it with the video', async () => {
    const learned = await waitFor(
      () => learnedFaces(id.amy),
      (rows) => rows.length === 1 && rows[0]!.model !== 'pending',
      60_000,
    );
    expect(learned[0]!.length).toBe(128);
    // Found again by comparing with her enrolments of the worker's space, and kept in it.
    expect(learned[0]!.embedding_space).toMatch(/^face-api@[\d.]+\/face-recognition-128d$/);
    const enrolments = await rpc.call(videoRpc.enrolments, { organizationId: acme });
    const hers = enrolments.filter((face) => face.userId === id.amy);
    expect(hers).toHaveLength(3);
    expect(new Set(hers.map((face) => face.space))).toEqual(new Set([learned[0]!.embedding_space]));
    await amy.call(api.deleteVideo, { params: { id: video.id } });
    expect(await learnedFaces(id.amy)).toEqual([]);
  }, 90_000);
});

describe('after an upgrade of the face model’s embedder', () => {
  const EARLIER = 'face-api@0.9.0/face-recognition-128d';
  const zeros = JSON.stringify(Array<number>(128).fill(0));
  interface EnrolledRow {
    id: number;
    source: string;
    embedding_space: string;
    enrolled_at: Date;
    earlier: boolean;
  }
  const enrolled = async () =>
    (await stack.video.dataSource.query(
      `SELECT id, source, embedding_space, enrolled_at, embedding = $2::jsonb AS earlier
         FROM face_enrolments
        WHERE organization_id = $1 AND model NOT IN ('pending', 'rejected') ORDER BY id`,
      [acme, zeros],
    )) as EnrolledRow[];

  it('enrols profile pictures and references again in the worker’s space, and drops faces learned in another', async () => {
    const picture = await howard.uploadTo(
      api.uploadProfilePicture,
      {},
      { name: 'me.png', data: still('howard/howard1.png') },
    );
    await howard.call(api.changeProfilePicture, { body: { fileName: picture.fileName } });
    await waitFor(enrolled, (rows) => rows.some((row) => row.source === 'profile'), 60_000);
    // Every face as an earlier embedder stored it, and one it learned from a video.
    const db = stack.video.dataSource;
    await db.query(
      `UPDATE face_enrolments SET embedding = $2, embedding_space = $3
        WHERE organization_id = $1 AND model NOT IN ('pending', 'rejected')`,
      [acme, zeros, EARLIER],
    );
    const [video] = (await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, analysis_run)
       VALUES ($1, 'Earlier shift', 'a.mp4', 1, 'earlier.mp4', now(), $2, 'completed', 1)
       RETURNING id`,
      [acme, id.amy],
    )) as { id: number }[];
    await db.query(
      `INSERT INTO face_enrolments
         (user_id, organization_id, picture_key, embedding, embedding_space, model, source, video_id)
       VALUES ($1, $2, 'earlier.mp4', $3, $4, 'earlier model', 'learned', $5)`,
      [id.amy, acme, zeros, EARLIER, video!.id],
    );
    const before = await enrolled();
    const spaces = async () =>
      new Set(
        (await rpc.call(videoRpc.enrolments, { organizationId: acme })).map((face) => face.space),
      );
    // What an analysis would get: nothing the worker compares with its faces.
    expect(await spaces()).toEqual(new Set([EARLIER]));

    await workers.announceEmbedder();
    const after = await waitFor(
      enrolled,
      (rows) => rows.every((row) => row.embedding_space === workers.space && !row.earlier),
      90_000,
    );
    const pictures = before.filter((row) => row.source !== 'learned');
    expect(after.map((row) => [row.id, row.source])).toEqual(
      pictures.map((row) => [row.id, row.source]),
    );
    expect(new Set(after.map((row) => row.source))).toEqual(new Set(['profile', 'reference']));
    const enrolments = await rpc.call(videoRpc.enrolments, { organizationId: acme });
    expect(enrolments).toHaveLength(after.length);
    expect(await spaces()).toEqual(new Set([workers.space]));
    expect(enrolments.filter((face) => face.userId === id.howard)).toHaveLength(2);

    // Told again (every worker's start): nothing is left of another space, nothing is redone.
    const inbox = openQueue(QUEUE_CONTRACTS.videoInbox, {
      url: stack.env.REDIS_URL!,
      prefix: stack.env.REDIS_PREFIX!,
    });
    const handled = async () => (await inbox.getJobCounts('completed')).completed ?? 0;
    const handledBefore = await handled();
    await workers.announceEmbedder();
    await waitFor(handled, (count) => count > handledBefore, 30_000);
    await inbox.close();
    expect(await enrolled()).toEqual(after);
  }, 120_000);
});

describe('privacy', () => {
  it('deletes a person’s references, embeddings and photos with the person', async () => {
    expect(await faceRows(id.bernadette)).toBe(4);
    await root.call(api.deleteUser, { params: { id: id.bernadette } });
    await waitFor(
      () => faceRows(id.bernadette),
      (n) => n === 0,
    );
    // Amy's two and Howard's own, nothing of Bernadette's: the photos go right after the rows.
    const keys = await waitFor(
      () => referenceKeys(acme),
      (left) => left.length === 3,
    );
    expect(keys).toHaveLength(3);
  }, 60_000);

  it('deletes every reference photo with the organization', async () => {
    await root.call(api.deleteOrganization, { params: { id: acme } });
    await waitFor(
      () => referenceKeys(acme),
      (keys) => keys.length === 0,
    );
    expect(await faceRows(id.amy)).toBe(0);
  }, 60_000);
});
