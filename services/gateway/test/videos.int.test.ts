import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue } from '@hub/kit';
import { api, type FaceEnrolmentJob, QUEUES, type Video, type VideoAnalysisJob } from '@hub/proto';
import { analysisJobId } from '../../video/src/processing/analysis-dispatch.js';
import { expectError, parseAnswer } from './api-client.js';
import { signedIn } from './tenant-fixtures.js';
import { ApiSession, fixture, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { stillsVideo } from './stills-video.js';
import { type RunningWorkers, startVideoWorkers } from './test-workers.js';

let stack: TestStack;
let workers: RunningWorkers;
let folder: string;
let ann: ApiSession;
let gina: ApiSession;
let root: ApiSession;
let video: Buffer;
let acme: number;

/**
 * A still of Amy, then one of Howard, 2 s each: pictures other than those they enrol with. Each
 * analysis reads every sampled frame (one a second), so no more stills than the people to find.
 */
const makeVideo = () => stillsVideo(folder, ['amy/amy2.png', 'howard/howard2.png']);

function flatPicture(): Buffer {
  const out = join(folder, 'flat.png');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=300x300',
    '-frames:v',
    '1',
    out,
  ]);
  return readFileSync(out);
}

async function setPicture(session: ApiSession, data: Buffer) {
  const { fileName } = await session.uploadTo(
    api.uploadProfilePicture,
    {},
    { name: 'me.png', data },
  );
  return session.call(api.changeProfilePicture, { body: { fileName } });
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const enrolment = async (userId: number) =>
  (
    (await stack.video.dataSource.query(
      `SELECT model, jsonb_array_length(embedding) AS length FROM face_enrolments WHERE user_id = $1`,
      [userId],
    )) as {
      model: string;
      length: number;
    }[]
  )[0];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hub-video-test-'));
  stack = await startTestStack();
  workers = await startVideoWorkers(stack);
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'amy@acme.test',
    name: 'Amy Farrah',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
  ann = await signedIn(stack, 'amy@acme.test', 'Acme-Admin-1');
  gina = await signedIn(stack, 'gina@globex.test', 'Globex-Admin-1');
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  video = makeVideo();
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('face enrolment', () => {
  // The first enrolment of the run loads the face model in this process: seconds of CPU on a
  // shared 2-core machine before the first picture is read.
  it('enrols the face of every new profile picture, and says in words when a picture shows no face', async () => {
    const me = await ann.call(api.currentUser);
    await setPicture(ann, readFileSync(fixture('faces/amy/amy1.png')));
    const enrolled = await waitFor(
      () => enrolment(me.id),
      (row) => row?.model !== 'pending' && row !== undefined,
    );
    expect(enrolled?.length).toBe(128);

    const upload = await root.uploadTo(
      api.uploadProfilePicture,
      {},
      { name: 'h.png', data: readFileSync(fixture('faces/howard/howard1.png')) },
    );
    const howard = await root.call(api.createUser, {
      body: {
        email: 'howard@acme.test',
        name: 'Howard Wolowitz',
        organizationId: acme,
        role: 'operator',
        profilePicture: upload.fileName,
      },
    });
    const howardId = howard.user.id;
    expect(
      (
        await waitFor(
          () => enrolment(howardId),
          (row) => row !== undefined && row.model !== 'pending',
        )
      )?.length,
    ).toBe(128);

    await stack.createUser({
      email: 'blank@acme.test',
      password: 'Acme-Blank-1',
      role: 'operator',
      organizationId: acme,
    });
    const blank = await signedIn(stack, 'blank@acme.test', 'Acme-Blank-1');
    await setPicture(blank, flatPicture());
    const notices = await waitFor(
      async () => (await blank.call(api.notifications)).notifications,
      (list) =>
        list.some((notice) => notice.title === 'Profile picture not usable for identification'),
    );
    expect(
      notices.find((notice) => notice.title === 'Profile picture not usable for identification')
        ?.message,
    ).toMatch(/No face was found/);
  }, 120_000);
});

describe('videos', () => {
  let uploaded: Video;
  const upload = (fields: Record<string, string>, file?: { name: string; data: Buffer }) =>
    ann.uploadTo(api.uploadVideo, fields, file);
  const byId = () => ({ params: { id: uploaded.id } });
  const analyze = (session: ApiSession) =>
    session.send(api.analyzeVideo, { ...byId(), body: { linkedSOPs: [] } });
  const videoNow = () => ann.call(api.video, byId());

  it('validates uploads by content and required fields, with the spec messages', async () => {
    const recordingDate = new Date().toISOString();
    const pdf = upload(
      { title: 'x', recordingDate },
      { name: 'x.mp4', data: Buffer.from('%PDF-1.4 nope') },
    );
    expect((await expectError(pdf, 400)).message).toBe(
      'Please select a valid video file (MP4, MPEG, MOV, AVI).',
    );
    const untitled = upload({ title: '', recordingDate }, { name: 'x.mp4', data: video });
    expect((await expectError(untitled, 400)).message).toBe('Title is required');
    const missing = upload({ title: 'x', recordingDate });
    expect((await expectError(missing, 400)).message).toBe('Please select a video file to upload.');
    expect(await stack.storage.list(`org/${acme}/videos/`)).toEqual([]);
  });

  it('stores an upload, lists and searches it, and streams byte ranges only for its organization', async () => {
    uploaded = await upload(
      {
        title: 'Morning shift',
        description: 'Line 3',
        recordingDate: '2026-11-20T08:00:00Z',
        linkedSops: '[]',
      },
      { name: 'shift.mp4', data: video },
    );
    expect(uploaded).toMatchObject({ analysisStatus: 'pending', detectedOperators: null });
    const list = await ann.call(api.videos, { query: { search: 'morning', limit: 50 } });
    expect(list.totalCount).toBe(1);
    expect(await gina.call(api.videos)).toMatchObject({ totalCount: 0 });

    const stream = (session: ApiSession, key = uploaded.s3Key, headers = {}) =>
      session.open(api.videoStream, { params: { key }, headers });
    const part = await stream(ann, uploaded.s3Key, { range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(4, 12))).toBe(true);
    expect((await stream(gina)).status).toBe(404);
    const traversal = `org/${acme}/videos/../../../etc/passwd`;
    expect((await stream(ann, traversal)).status).toBe(404);
    expect((await stream(new ApiSession(stack.url))).status).toBe(401);
  });

  it('analyses the video: identifies enrolled operators, refuses a second run meanwhile, reports without step analysis', async () => {
    const started = await analyze(ann);
    expect(started.status).toBe(201);
    expect(parseAnswer(api.analyzeVideo, started).analysisStatus).toBe('processing');
    expect((await analyze(ann)).status).toBe(409);
    expect((await analyze(gina)).status).toBe(404);
    const done = await waitFor(videoNow, (view) => view.analysisStatus !== 'processing', 120_000);
    expect(done.analysisStatus).toBe('completed');
    const names = done.report!.identifiedOperators.map((operator) => operator.name).sort();
    expect(names).toEqual(['Amy Farrah', 'Howard Wolowitz']);
    expect(done.detectedOperators).toBeGreaterThanOrEqual(2);
    expect(done.identifiedOperators).toBe(2);
    const amy = done.report!.identifiedOperators.find(
      (operator) => operator.name === 'Amy Farrah',
    )!;
    expect(amy.appearances[0]!.start).toBeLessThan(1);
    expect(done.report!.stepAnalysis).toMatchObject({
      available: false,
      message: expect.stringMatching(/GEMINI_API_KEY/),
    });
  }, 150_000);

  it('waits for a profile picture still being enrolled, so its person is not missed', async () => {
    const connection = { url: stack.env.REDIS_URL!, prefix: stack.env.REDIS_PREFIX! };
    const enrolments = openQueue<FaceEnrolmentJob>(QUEUES.faceEnrolment, connection);
    const analyses = openQueue<VideoAnalysisJob>(QUEUES.videoAnalysis, connection);
    try {
      // Amy's new picture cannot be enrolled yet: the worker takes no enrolment meanwhile.
      await enrolments.pause();
      const me = await ann.call(api.currentUser);
      await setPicture(ann, readFileSync(fixture('faces/amy/amy1.png')));
      await waitFor(
        () => enrolment(me.id),
        (row) => row?.model === 'pending',
      );

      const started = await analyze(ann);
      expect(started.status).toBe(201);
      expect(parseAnswer(api.analyzeVideo, started).analysisStatus).toBe('processing');
      const [{ analysis_run: run }] = (await stack.video.dataSource.query(
        `SELECT analysis_run FROM videos WHERE id = $1`,
        [uploaded.id],
      )) as [{ analysis_run: number }];
      expect(await analyses.getJob(analysisJobId(uploaded.id, run))).toBeUndefined();

      await enrolments.resume();
      const done = await waitFor(videoNow, (view) => view.analysisStatus !== 'processing', 120_000);
      expect(done.analysisStatus).toBe('completed');
      const names = done.report!.identifiedOperators.map((operator) => operator.name).sort();
      expect(names).toEqual(['Amy Farrah', 'Howard Wolowitz']);
    } finally {
      await enrolments.resume();
      await enrolments.close();
      await analyses.close();
    }
  }, 150_000);

  it('deletes the video with its file and analysis', async () => {
    await expectError(gina.call(api.deleteVideo, byId()), 404);
    await ann.call(api.deleteVideo, byId());
    expect(await stack.storage.list(`org/${acme}/videos/`)).toEqual([]);
    await expectError(videoNow(), 404);
  });

  it('removes the videos, analyses and face enrolments of a deleted organization', async () => {
    await upload(
      { title: 'Evening shift', recordingDate: '2026-11-20T18:00:00Z' },
      { name: 'evening.mp4', data: video },
    );
    expect(await stack.storage.list(`org/${acme}/videos/`)).toHaveLength(1);
    await root.call(api.deleteOrganization, { params: { id: acme } });
    await expect
      .poll(() => stack.storage.list(`org/${acme}/videos/`), { timeout: 10_000 })
      .toEqual([]);
    const count = async (table: string) =>
      (
        (await stack.video.dataSource.query(
          `SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`,
          [acme],
        )) as { n: number }[]
      )[0]!.n;
    await expect.poll(() => count('videos'), { timeout: 10_000 }).toBe(0);
    expect(await count('face_enrolments')).toBe(0);
  });
});
