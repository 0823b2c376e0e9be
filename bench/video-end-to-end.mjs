// Benchmark: a video from upload to stored report (issue #49 item 6: within 0.85x of the worker's
// own analysis speed). Starts identity, library, video and the gateway from their builds, and the
// video worker as `npm start` does (node flags from infra/processes.json), in a bench place (own
// database, Redis prefix, data folder). For each run it uploads a ~38 s 1280x720 H.264 video of
// the fixture faces through the gateway, asks for its analysis at once, and waits until the
// gateway shows it completed. It prints, per run: seconds of video per second from the upload's
// answer to the stored report, and where that time went: the analyze request, the analysis job
// waiting in its queue, the worker's own stages (its log line: copy, probe, first frame with the
// model load, frames, faces kept, report sent), the inbox message waiting, and the video
// service storing the report. The baseline, in the same run and process, on the same file: the
// worker's analysis handler alone with its model loaded (as bench/video-analysis.mjs measures it).
// The first run finds the worker's model released (as after FACE_MODEL_IDLE_SECONDS), the others
// loaded. Prints figures, never asserts.
//
//   node_modules/.bin/node bench/video-end-to-end.mjs [--runs 3] [--profile DIR]
//
// --profile DIR: CPU profiles (--cpu-prof) of the video service and the video worker into DIR.
// Needs the built workspaces, PostgreSQL at DATABASE_URL, Redis at REDIS_URL, ffmpeg.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import {
  benchPlace,
  importFrom,
  signIn,
  startChild,
  startServices,
  stopChild,
} from './children.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const faces = path.join(repoRoot, '../shared/fixtures/faces');
const worker = path.join(repoRoot, 'workers/video');
const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    profile: { type: 'string' },
  },
});

/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(worker, 'dist', file)).href);
const { createAnalysisHandler } = await importDist('analysis-job.js');
const { analysisSettings, loadFaceModel } = await importDist('faces/load-face-model.js');
const { readVideoWorkerConfig } = await importDist('config.js');
const { findBinaries } = await importDist('frames/binaries.js');
const { probeVideo } = await importDist('frames/probe.js');
const runtime = await importFrom('workers/video', '@hub/runtime');
const { QUEUE_CONTRACTS, analysisJobId } = await importFrom('workers/video', '@hub/proto/jobs');

const people = ['amy', 'bernadette', 'howard', 'leonard'];
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Photos 1-4 of each fixture person and the group photos, 2 s each, fitted into 1280x720, as an
 * H.264 MP4 (index at the front, as browsers record it): 38 s.
 * @param {string} ffmpeg @param {string} output
 */
async function makeVideo(ffmpeg, output) {
  const stills = [
    ...people.flatMap((person) => [1, 2, 3, 4].map((i) => `${person}/${person}${i}.png`)),
    'bbt1.jpg',
    'bbt2.jpg',
    'bbt1.jpg',
  ].map((file) => path.join(faces, file));
  const inputs = stills.flatMap((file) => ['-loop', '1', '-t', '2', '-i', file]);
  const fit =
    'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p';
  const chains = stills.map((_, i) => `[${i}:v]${fit}[v${i}]`);
  const joined = `${stills.map((_, i) => `[v${i}]`).join('')}concat=n=${stills.length}:v=1:a=0[out]`;
  await run(ffmpeg, [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', [...chains, joined].join(';')],
    ...['-map', '[out]', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    output,
  ]);
}

/**
 * An organization and its administrator, signed in through the gateway.
 * @param {string} gateway @param {NodeJS.ProcessEnv} env @param {string} databaseUrl
 */
async function seed(gateway, env, databaseUrl) {
  const superCookie = await signIn(
    gateway,
    String(env.SUPER_ADMIN_EMAIL),
    String(env.SUPER_ADMIN_PASSWORD),
  );
  const created = await fetch(`${gateway}/api/admin/organizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: superCookie },
    body: JSON.stringify({
      name: 'Video Works',
      displayName: 'Video Works',
      domain: 'video.example',
    }),
  });
  const organization = /** @type {{ id: number }} */ (await created.json());
  if (!created.ok)
    throw new Error(`organization: ${created.status} ${JSON.stringify(organization)}`);
  const { hashPassword } = await import(
    pathToFileURL(path.join(repoRoot, 'services/identity/dist/auth/passwords.js')).href
  );
  const password = `${randomBytes(18).toString('base64url')}aA7!`;
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  await sql.query(
    `INSERT INTO identity.users (email, name, role, organization_id, password_hash, is_active)
     VALUES ('admin@video.example', 'Video Admin', 'admin', $1, $2, true)`,
    [organization.id, await hashPassword(password)],
  );
  await sql.end();
  return signIn(gateway, 'admin@video.example', password);
}

/**
 * One video uploaded, analysed and waited for; the times of its stages in ms from the upload's
 * answer. @param {string} gateway @param {string} cookie @param {Buffer} video
 */
async function endToEnd(gateway, cookie, video) {
  const form = new FormData();
  form.set('title', 'Morning shift');
  form.set('recordingDate', '2026-12-01T08:00:00Z');
  form.set('file', new Blob([video], { type: 'video/mp4' }), 'shift.mp4');
  const uploaded = await fetch(`${gateway}/api/videos/upload`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const { id } = /** @type {{ id: number }} */ (await uploaded.json());
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status}`);
  const answered = Date.now();
  const start = now();
  const analyze = await fetch(`${gateway}/api/videos/${id}/analyze`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ linkedSOPs: [] }),
  });
  if (!analyze.ok) throw new Error(`analyze: ${analyze.status} ${await analyze.text()}`);
  await analyze.text();
  const analyzeAnswered = now() - start;
  for (;;) {
    const response = await fetch(`${gateway}/api/videos/${id}`, { headers: { cookie } });
    const body = /** @type {{ analysisStatus: string, analysisError: string | null }} */ (
      await response.json()
    );
    if (body.analysisStatus === 'failed') throw new Error(`analysis failed: ${body.analysisError}`);
    if (body.analysisStatus === 'completed') break;
    await sleep(50);
  }
  return { id, answered, analyzeAnswered, shown: now() - start };
}

/**
 * The BullMQ times of the run's analysis job and of its inbox message, in ms from `answered`.
 * @param {{ analyses: import('bullmq').Queue, inbox: import('bullmq').Queue }} queues
 * @param {number} videoId @param {number} answered
 */
async function queueTimes({ analyses, inbox }, videoId, answered) {
  const job = await analyses.getJob(analysisJobId(videoId, 1));
  const messages = await inbox.getJobs(['completed']);
  const message = messages.find(
    (m) => m.data.videoId === videoId && m.data.kind === 'analysis.completed',
  );
  if (!job || !message) throw new Error(`the jobs of video ${videoId} were not kept`);
  const at = (/** @type {number | undefined} */ time) => (time ?? NaN) - answered;
  return {
    queued: at(job.timestamp),
    picked: at(job.processedOn),
    jobDone: at(job.finishedOn),
    messageAdded: at(message.timestamp),
    messagePicked: at(message.processedOn),
    stored: at(message.finishedOn),
  };
}

/** The worker's stage line of one video, read from its log. */
function stageLines(/** @type {import('node:child_process').ChildProcess} */ child) {
  /** @type {Map<number, Record<string, number>>} */
  const stages = new Map();
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on('line', (line) => {
      if (!line.startsWith('{') || !line.includes('stagesMs')) return;
      const entry = JSON.parse(line);
      stages.set(entry.videoId, entry.stagesMs);
    });
  }
  return stages;
}

/** The analysis handler alone, its model loaded first, on the same file: the baseline. */
async function handlerAlone(/** @type {string} */ file, /** @type {string} */ folder) {
  const config = readVideoWorkerConfig({ ...process.env, LOG_LEVEL: 'warn' });
  const model = await loadFaceModel(config);
  await model.detect({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }, 'picture');
  const storage = new (await importFrom('workers/video', '@hub/kit')).LocalDiskStorage(folder);
  await storage.put('org/1/videos/1.mp4', readFileSync(file), 'video/mp4');
  /** @type {{ kind: string }[]} */
  const messages = [];
  const handle = createAnalysisHandler({
    storage,
    inbox: { add: async (/** @type {string} */ _n, /** @type {never} */ m) => messages.push(m) },
    faces: model,
    binaries: findBinaries(),
    steps: null,
    settings: analysisSettings(config),
  });
  const data = { videoId: 1, organizationId: 1, run: 1, videoKey: 'org/1/videos/1.mp4' };
  const job = { data: { ...data, sops: [], prompt: '', enrolments: [] }, attemptsMade: 0 };
  const started = now();
  await handle({ ...job, opts: { attempts: 1 } });
  const ms = now() - started;
  await model.close();
  if (!messages.some((m) => m.kind === 'analysis.completed')) throw new Error('not completed');
  return ms;
}

const place = benchPlace();
const folder = mkdtempSync(path.join(tmpdir(), 'video-e2e-'));
/** @type {import('./children.mjs').Child[]} */
const children = [];
try {
  const binaries = findBinaries();
  const file = path.join(folder, 'shift.mp4');
  await makeVideo(binaries.ffmpeg, file);
  const { durationSeconds } = await probeVideo(file, binaries);
  const video = readFileSync(file);
  const profile = args.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`]
    : [];
  const table = JSON.parse(readFileSync(path.join(repoRoot, 'infra/processes.json'), 'utf8'));
  const nodeArgs = (/** @type {string} */ name) =>
    table.find((/** @type {{ name: string }} */ entry) => entry.name === name).nodeArgs ?? [];
  await startServices(['identity', 'library'], place.env, children);
  const gateway = await startServices(['video'], place.env, children, profile);
  const videoWorker = await startChild(
    'video-worker',
    [...nodeArgs('video-worker'), ...profile, 'workers/video/dist/main.js'],
    { ...place.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    '[video-worker] ready',
    children,
  );
  const stages = stageLines(videoWorker.child);
  const cookie = await seed(gateway, place.env, place.databaseUrl);
  const connection = { url: place.env.REDIS_URL, prefix: place.env.REDIS_PREFIX };
  const queues = {
    analyses: runtime.openQueue(QUEUE_CONTRACTS.videoAnalysis, connection),
    inbox: runtime.openQueue(QUEUE_CONTRACTS.videoInbox, connection),
  };
  console.log(
    `video: ${durationSeconds} s, 1280x720 H.264, ${(video.length / 1e6).toFixed(1)} MB; ` +
      `database ${place.database}; times in ms from the upload's answer`,
  );
  const rate = (/** @type {number} */ ms) => `${(durationSeconds / (ms / 1000)).toFixed(2)}x`;
  const totals = [];
  for (let i = 0; i < Number(args.runs); i += 1) {
    const e2e = await endToEnd(gateway, cookie, video);
    await sleep(200);
    const q = await queueTimes(queues, e2e.id, e2e.answered);
    const worker = stages.get(e2e.id) ?? {};
    totals.push(e2e.shown);
    console.log(
      `run ${i + 1} (${i === 0 ? 'model released' : 'model loaded'}): ${Math.round(e2e.shown)} ms = ${rate(e2e.shown)} real time\n` +
        `  analyze answered ${Math.round(e2e.analyzeAnswered)}, job queued ${q.queued}, ` +
        `picked ${q.picked} (waited ${q.picked - q.queued}), job done ${q.jobDone}\n` +
        `  worker: ${Object.entries(worker)
          .map(([stage, ms]) => `${stage} ${ms}`)
          .join(', ')}\n` +
        `  report message added ${q.messageAdded}, picked ${q.messagePicked} (waited ${q.messagePicked - q.messageAdded}), ` +
        `stored ${q.stored} (took ${q.stored - q.messagePicked}); shown by the gateway ${Math.round(e2e.shown)}`,
    );
  }
  await Promise.all([queues.analyses.close(), queues.inbox.close()]);
  const alone = await handlerAlone(file, path.join(folder, 'objects'));
  const best = Math.min(...totals);
  console.log(
    `baseline, the analysis handler alone (model loaded, local file): ${Math.round(alone)} ms = ${rate(alone)} real time\n` +
      `end to end / handler alone (speed): best run ${(alone / best).toFixed(2)}, ` +
      `runs ${totals.map((t) => (alone / t).toFixed(2)).join(' / ')}; target 0.85`,
  );
} finally {
  await Promise.all(children.map(stopChild));
  rmSync(folder, { recursive: true, force: true });
  await place.cleanUp();
}
