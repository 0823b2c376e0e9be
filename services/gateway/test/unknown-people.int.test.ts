import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcClient } from '@hub/kit';
import { api, type AuditEntry, videoRpc } from '@hub/proto';
import { expectError, parseAnswer } from './api-client.js';
import { type ApiSession, fixture, type TestStack, waitFor } from './test-stack.js';
import { type FacesCast, startFacesCast, stopFacesCast } from './faces-cast.js';
import { stillsVideo } from './stills-video.js';

let cast: FacesCast | undefined;
let stack: TestStack;
let rpc: RpcClient;
let folder: string;
let amy: ApiSession;
let howard: ApiSession;
let gina: ApiSession;
let root: ApiSession;
let acme: number;
let globex: number;
const id = { amy: 0, howard: 0 };
const videos = { first: 0, second: 0, globex: 0 };

/** Amy (enrolled) and Howard (no face data at all: unknown), 2 s each. */
const FIRST = ['amy/amy3.png', 'howard/howard3.png'];
/**
 * Howard again, and Leonard (unknown, someone else). The same photo of Howard: two photos of one
 * person may lie farther apart than the match threshold (howard3 and howard4 do), and then they
 * are two unknown people, as they would be two people for an analysis naming members.
 */
const SECOND = ['leonard/leonard3.png', 'howard/howard3.png'];

async function analysed(session: ApiSession, stills: string[], title: string): Promise<number> {
  const shift = stillsVideo(mkdtempSync(join(folder, 'video-')), stills);
  const upload = await session.uploadTo(
    api.uploadVideo,
    { title, recordingDate: '2026-11-20' },
    { name: 'shift.mp4', data: shift },
  );
  const videoId = upload.id;
  const params = { id: videoId };
  const started = await session.send(api.analyzeVideo, { params, body: { linkedSOPs: [] } });
  expect(started.status).toBe(201);
  const video = await waitFor(
    () => session.call(api.video, { params }),
    (view) => view.analysisStatus !== 'processing' && view.analysisStatus !== 'pending',
    150_000,
  );
  expect(video.analysisStatus, JSON.stringify(video)).toBe('completed');
  return videoId;
}

const report = async (session: ApiSession, videoId: number) =>
  (await session.call(api.video, { params: { id: videoId } })).report!;

const people = async (session: ApiSession) => (await session.call(api.unknownPeople)).people;

const unknownPerson = (session: ApiSession, id: number) =>
  session.call(api.unknownPerson, { params: { id } });

const crops = (organizationId: number) =>
  stack.storage.list(`org/${organizationId}/unknown-faces/`);

const faceRows = async (where: string, params: unknown[]) =>
  (
    (await stack.video.dataSource.query(
      `SELECT count(*)::int AS n FROM unknown_faces WHERE ${where}`,
      params,
    )) as { n: number }[]
  )[0]!.n;

beforeAll(async () => {
  cast = await startFacesCast('unknown-people');
  ({ stack, rpc, folder, acme, globex, amy, howard, gina, root } = cast);
  Object.assign(id, cast.id);
  const reference = await amy.uploadTo(
    api.addMyFaceReference,
    {},
    { name: 'amy.png', data: readFileSync(fixture('faces/amy/amy2.png')) },
  );
  expect(reference).toMatchObject({ status: 'ready' });
}, 120_000);

afterAll(() => stopFacesCast(cast));

describe('unknown people across videos', () => {
  it('groups a face that matches no member, with a crop, and labels it in the report', async () => {
    videos.first = await analysed(amy, FIRST, 'Monday shift');
    const first = await report(amy, videos.first);
    expect(first.identifiedOperators.map((face) => face.name)).toEqual(['Amy Farrah']);
    const labels = new Set(first.unidentifiedPeople.map((face) => face.unknownPerson?.label));
    expect([...labels], JSON.stringify(first)).toEqual(['Unknown person 1']);
    // The number clients word the label from, in their reader's language.
    const numbers = new Set(first.unidentifiedPeople.map((face) => face.unknownPerson?.number));
    expect([...numbers]).toEqual([1]);
    const [person] = await people(amy);
    expect(person).toMatchObject({ label: 'Unknown person 1', number: 1, videos: 1 });
    // Each kept face has the space of the worker's embedder, grouping compares within it.
    const kept = await faceRows('true', []);
    expect(kept).toBeGreaterThanOrEqual(2);
    const space = `embedding_space ~ '^face-api@[0-9.]+/face-recognition-128d$'`;
    expect(await faceRows(space, [])).toBe(kept);
    expect(person!.appearances).toBeGreaterThanOrEqual(1);
    const crop = await fetch(`${stack.url}${person!.thumbnailUrl}`, {
      headers: { cookie: amy.cookie },
    });
    expect(crop.status).toBe(200);
    expect(crop.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await crop.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);
  }, 180_000);

  it('puts the same face in another video with the same person, and a new face apart', async () => {
    videos.second = await analysed(amy, SECOND, 'Tuesday shift');
    const list = await people(amy);
    expect(list.map((person) => [person.label, person.videos])).toEqual([
      ['Unknown person 2', 1],
      ['Unknown person 1', 2],
    ]);
    const howardGroup = list.find((person) => person.number === 1)!;
    const detail = await unknownPerson(amy, howardGroup.id);
    expect(new Set(detail.faces.map((face) => face.videoTitle))).toEqual(
      new Set(['Monday shift', 'Tuesday shift']),
    );
    const second = await report(amy, videos.second);
    expect(second.unidentifiedPeople.map((face) => face.unknownPerson?.label)).toContain(
      'Unknown person 2',
    );
  }, 180_000);

  it('pages the list, latest seen first, as the other paged lists do', async () => {
    const all = await people(amy);
    const first = await amy.call(api.unknownPeople, { query: { limit: 1 } });
    expect(first.people).toEqual([all[0]]);
    expect(first.totalCount).toBe(all.length);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await amy.call(api.unknownPeople, {
      query: { limit: 1, cursor: first.nextCursor! },
    });
    expect(second.people).toEqual([all[1]]);
    expect(second.nextCursor).toBeNull();
    await expectError(amy.call(api.unknownPeople, { query: { cursor: 'bm9wZQ' } }), 400);
    await expectError(amy.call(api.unknownPeople, { query: { limit: 500 } }), 400);
  });

  it('compares nothing across organizations: the same face elsewhere is another group', async () => {
    const before = await people(amy);
    videos.globex = await analysed(gina, FIRST, 'Globex shift');
    const theirs = await people(gina);
    // Neither Amy nor Howard is Globex's: both are unknown there, numbered from 1 again.
    expect(theirs.map((person) => person.number).sort()).toEqual(
      theirs.map((_, n) => n + 1).sort(),
    );
    const ours = new Set(before.map((person) => person.id));
    expect(theirs.some((person) => ours.has(person.id))).toBe(false);
    expect(await people(amy)).toEqual(before);
    // No group holds faces of two organizations.
    const mixed = (await stack.video.dataSource.query(
      `SELECT person_id FROM unknown_faces GROUP BY person_id
        HAVING count(DISTINCT organization_id) > 1`,
    )) as unknown[];
    expect(mixed).toEqual([]);
    // Another organization's people and crops are not found.
    await expectError(unknownPerson(gina, before[0]!.id), 404);
    const foreign = await fetch(`${stack.url}${before[0]!.thumbnailUrl}`, {
      headers: { cookie: gina.cookie },
    });
    expect(foreign.status).toBe(404);
  }, 180_000);

  it('names a group: every report follows at once, with who and when', async () => {
    const group = (await people(amy)).find((person) => person.number === 1)!;
    const name = (session: ApiSession, userId: number) =>
      session.send(api.nameUnknownPerson, { params: { id: group.id }, body: { userId } });
    expect((await name(howard, id.howard)).status).toBe(403);
    expect((await name(gina, id.howard)).status).toBe(404);
    expect((await name(amy, 999_999)).status).toBe(400);
    // The organization lets named faces become references: the cameras will know him.
    await amy.call(api.updateFloorPrivacy, {
      body: { keepSnapshots: false, learnFromConfirmed: true },
    });
    const named = await name(amy, id.howard);
    expect(named.status).toBe(201);
    const answer = parseAnswer(api.nameUnknownPerson, named);
    expect(answer).toMatchObject({ userId: id.howard, videos: 2 });
    for (const videoId of [videos.first, videos.second]) {
      const after = await report(amy, videoId);
      expect(after.identifiedOperators.find((face) => face.userId === id.howard)).toMatchObject({
        name: 'Howard Wolowitz',
        review: { decision: 'named', byName: 'Amy Farrah' },
      });
      expect(after.unidentifiedPeople.map((face) => face.unknownPerson?.label)).not.toContain(
        'Unknown person 1',
      );
    }
    expect((await people(amy)).map((person) => person.label)).toEqual(['Unknown person 2']);
    const member = await amy.call(api.teamMember, { params: { id: id.howard } });
    expect(member.videos.length).toBe(2);
    const reviews = (await stack.video.dataSource.query(
      `SELECT DISTINCT video_id, reviewed_by FROM face_reviews WHERE decision = 'name' AND user_id = $1`,
      [id.howard],
    )) as { video_id: number; reviewed_by: number }[];
    expect(reviews.map((row) => row.reviewed_by)).toEqual([id.amy, id.amy]);
    // The refused attempts above are audited under the same action, each written after its
    // answer: wait for Amy's success itself, not the first entry of the action.
    const amysNaming = (entry: AuditEntry) =>
      entry.action === 'video.unknown-person.name' &&
      entry.outcome === 'success' &&
      entry.actorId === id.amy;
    const audit = await waitFor(
      async () => (await root.call(api.auditLog, { query: { limit: 200 } })).entries,
      (entries) => entries.some(amysNaming),
    );
    expect(audit.filter(amysNaming)).toHaveLength(1);
    // His faces are enrolments now: snapshots and later analyses name him.
    const enrolments = await rpc.call(videoRpc.enrolments, { organizationId: acme });
    expect(enrolments.filter((face) => face.userId === id.howard).length).toBeGreaterThan(0);
  }, 120_000);
});

describe('a rejected match', () => {
  it('groups the face with the unknown people of its organization, in the report at once', async () => {
    const before = await report(amy, videos.first);
    const amyFace = before.identifiedOperators.find((face) => face.userId === id.amy)!;
    const rejected = await amy.send(api.reviewFace, {
      params: { id: videos.first, faceId: amyFace.faceId! },
      body: { decision: 'reject' },
    });
    expect(rejected.status).toBe(201);
    const after = parseAnswer(api.reviewFace, rejected).report!;
    const face = after.unidentifiedPeople.find((other) => other.faceId === amyFace.faceId)!;
    expect(face.rejected?.[0]).toMatchObject({ userId: id.amy });
    // Nobody of Acme looks like her, and Globex's unknown Amy is never compared: a new person.
    expect(face.unknownPerson?.label).toBe('Unknown person 3');
    const listed = (await people(amy)).find((person) => person.id === face.unknownPerson!.id);
    expect(listed).toMatchObject({ label: 'Unknown person 3', videos: 1 });
    const crop = await fetch(`${stack.url}${listed!.thumbnailUrl}`, {
      headers: { cookie: amy.cookie },
    });
    expect(crop.status).toBe(200);
    expect(await report(amy, videos.first)).toEqual(after);
    expect((await people(gina)).some((person) => person.id === listed!.id)).toBe(false);
  }, 60_000);

  it('is kept when the video is analysed again: the reviews apply to the faces found again', async () => {
    const before = await report(amy, videos.first);
    const rejectedBefore = before.unidentifiedPeople.find((face) => face.rejected?.length)!;
    const reviewRows = async () =>
      (
        (await stack.video.dataSource.query(
          `SELECT count(*)::int AS n FROM face_reviews WHERE video_id = $1`,
          [videos.first],
        )) as { n: number }[]
      )[0]!.n;
    const reviews = await reviewRows();
    const params = { id: videos.first };
    const again = await amy.send(api.analyzeVideo, { params, body: { linkedSOPs: [] } });
    expect(again.status).toBe(201);
    const video = await waitFor(
      () => amy.call(api.video, { params }),
      (view) => view.analysisStatus !== 'processing' && view.analysisStatus !== 'pending',
      150_000,
    );
    expect(video.analysisStatus, JSON.stringify(video)).toBe('completed');
    const after = video.report!;
    // The analysis names Amy again; her rejection applies to the face seen at the same time.
    expect(after.identifiedOperators.map((face) => face.userId)).not.toContain(id.amy);
    const rejected = after.unidentifiedPeople.find((face) => face.rejected?.length)!;
    expect(rejected.rejected![0]).toMatchObject({ userId: id.amy, byName: 'Amy Farrah' });
    expect(rejected.rejected![0]!.at).toBe(rejectedBefore.rejected![0]!.at);
    // Still unknown, grouped as the person it was.
    expect(rejected.unknownPerson).toEqual(rejectedBefore.unknownPerson);
    expect((await people(amy)).map((person) => person.id)).toContain(rejected.unknownPerson!.id);
    // Howard, named before, is Howard still, and in no unknown person.
    expect(after.identifiedOperators.map((face) => face.userId)).toContain(id.howard);
    expect(after.unidentifiedPeople.map((face) => face.unknownPerson?.label)).not.toContain(
      'Unknown person 1',
    );
    // Applied again, not reviewed again: the audit rows are the supervisor's own.
    expect(await reviewRows()).toBe(reviews);
  }, 180_000);
});

describe('privacy', () => {
  it('deletes unknown faces and their crops with the video', async () => {
    const before = await crops(acme);
    await amy.call(api.deleteVideo, { params: { id: videos.second } });
    expect(await faceRows('video_id = $1', [videos.second])).toBe(0);
    const after = await crops(acme);
    expect(after.length).toBeLessThan(before.length);
    expect(after.some((key) => key.includes(`/video-${videos.second}/`))).toBe(false);
    // Leonard was seen only there: his group is gone from the list; the rejected Amy stays.
    expect((await people(amy)).map((person) => person.label)).toEqual(['Unknown person 3']);
  }, 60_000);

  it('deletes faces named or identified as a person with the person', async () => {
    // Analysed again, the first video identifies Howard: his face there is kept as his.
    const his = 'named_user_id = $1 OR identified_user_id = $1';
    expect(await faceRows(his, [id.howard])).toBeGreaterThan(0);
    const theirs = (
      (await stack.video.dataSource.query(`SELECT thumbnail_key FROM unknown_faces WHERE ${his}`, [
        id.howard,
      ])) as { thumbnail_key: string }[]
    ).map((row) => row.thumbnail_key);
    await root.call(api.deleteUser, { params: { id: id.howard } });
    await waitFor(
      () => faceRows(his, [id.howard]),
      (n) => n === 0,
    );
    await waitFor(
      () => crops(acme),
      (keys) => keys.every((key) => !theirs.includes(key)),
    );
  }, 60_000);

  it('deletes every unknown face and crop with the organization, and only its own', async () => {
    const theirs = await crops(globex);
    expect(theirs.length).toBeGreaterThan(0);
    await root.call(api.deleteOrganization, { params: { id: acme } });
    await waitFor(
      () => faceRows('organization_id = $1', [acme]),
      (n) => n === 0,
    );
    expect(await crops(globex)).toEqual(theirs);
    expect((await people(gina)).length).toBeGreaterThan(0);
  }, 60_000);

  it('keeps faces nobody named only as long as the privacy card keeps presence', async () => {
    await gina.call(api.updateFloorPrivacy, {
      body: { keepSnapshots: false, presenceRetentionDays: 1 },
    });
    await stack.video.unknownFacesRetention.sweep();
    expect(await faceRows('organization_id = $1', [globex])).toBeGreaterThan(0);
    const age = (where: string, params: unknown[]) =>
      stack.video.dataSource.query(
        `UPDATE unknown_faces SET created_at = now() - interval '2 days' WHERE ${where}`,
        params,
      );
    // One face past retention: it goes, its label with it, and its person, left with no face.
    const [old, ...others] = (await report(gina, videos.globex)).unidentifiedPeople;
    expect(old!.unknownPerson).toBeDefined();
    await age('video_id = $1 AND face_id = $2', [videos.globex, old!.faceId]);
    expect(await stack.video.unknownFacesRetention.sweep()).toBe(1);
    const partly = (await report(gina, videos.globex)).unidentifiedPeople;
    // Where and when it was seen stay (its frames too): what it looked like goes.
    expect(partly[0]).toEqual({
      faceId: old!.faceId,
      appearances: old!.appearances,
      frames: old!.frames,
    });
    expect(partly.slice(1)).toEqual(others);
    expect((await people(gina)).map((person) => person.id)).not.toContain(old!.unknownPerson!.id);
    await expectError(unknownPerson(gina, old!.unknownPerson!.id), 404);
    await age('organization_id = $1', [globex]);
    expect(await stack.video.unknownFacesRetention.sweep()).toBeGreaterThan(0);
    expect(await faceRows('organization_id = $1', [globex])).toBe(0);
    expect(await crops(globex)).toEqual([]);
    expect(await people(gina)).toEqual([]);
    const left = (await stack.video.dataSource.query(
      `SELECT count(*)::int AS n FROM unknown_people WHERE organization_id = $1`,
      [globex],
    )) as { n: number }[];
    expect(left[0]!.n).toBe(0);
    const labels = (await report(gina, videos.globex)).unidentifiedPeople.map(
      (face) => face.unknownPerson,
    );
    expect(labels.every((label) => label === undefined)).toBe(true);
  }, 60_000);
});
