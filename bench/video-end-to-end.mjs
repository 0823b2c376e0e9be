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
//   node_modules/.bin/node bench/video-end-to-end.mjs [--runs 3] [--profile DIR] [--before dist-x]
//
// --before dist-x: first the same runs with the builds in workers/video/dist-x and
// services/video/dist-x (e.g. copies of dist made before a change), as the baseline.
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
    /** The folder of an earlier build beside dist in workers/video and services/video. */
    before: { type: 'string' },
    profile: { type: 'string' },
  },
});

/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(worker, 'dist', file)).href);
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
 * @param {string} tag  of the organization's domain, one per build
 */
async function seed(gateway, env, databaseUrl, tag) {
  const superCookie = await signIn(
    gateway,
    String(env.SUPER_ADMIN_EMAIL),
    String(env.SUPER_ADMIN_PASSWORD),
  );
  const created = await fetch(`${gateway}/api/admin/organizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: superCookie },
    body: JSON.stringify({
      name: `Video Works ${tag}`,
      displayName: `Video Works ${tag}`,
      domain: `${tag}.video.example`,
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
     VALUES ($3, 'Video Admin', 'admin', $1, $2, true)`,
    [organization.id, await hashPassword(password), `admin@${tag}.video.example`],
  );
  await sql.end();
  return signIn(gateway, `admin@${tag}.video.example`, password);
}

/**
 * One video uploaded, analysed and waited for; the times of its stages in ms from the upload's
 * answer. @param {string} gateway @param {string} cookie @param {Buffer} video
 * @param {import('pg').Client} sql
 */
async function endToEnd(gateway, cookie, video, sql) {
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
  // Read from the table every 20 ms, not through the gateway: polling the stack every few
  // milliseconds would cost the very CPU measured. The gateway is asked once at the end.
  for (;;) {
    const { rows } = await sql.query(
      'SELECT analysis_status, analysis_error FROM video.videos WHERE id = $1',
      [id],
    );
    if (rows[0]?.analysis_status === 'failed') throw new Error(`failed: ${rows[0].analysis_error}`);
    if (rows[0]?.analysis_status === 'completed') break;
    await sleep(20);
  }
  const stored = now() - start;
  const shown = await fetch(`${gateway}/api/videos/${id}`, { headers: { cookie } });
  const body = /** @type {{ analysisStatus: string }} */ (await shown.json());
  if (body.analysisStatus !== 'completed')
    throw new Error(`the gateway shows ${body.analysisStatus}`);
  return { id, answered, analyzeAnswered, shown: stored };
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

/**
 * The analysis handler of one build alone, its model loaded first, on the same file: the
 * baseline, run after each end-to-end run so that both see the machine alike. Each run answers
 * its wall time and the CPU of this process and its ffmpeg children.
 * @param {string} dist @param {string} file @param {string} folder
 */
async function handlerAlone(dist, file, folder) {
  const from = (/** @type {string} */ name) =>
    import(pathToFileURL(path.join(worker, dist, name)).href);
  const { createAnalysisHandler } = await from('analysis-job.js');
  const { analysisSettings, loadFaceModel } = await from('faces/load-face-model.js');
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
  const once = async () => {
    messages.length = 0;
    const cpuBefore = cpuSeconds('self');
    const started = now();
    await handle({ ...job, opts: { attempts: 1 } });
    const ms = now() - started;
    if (!messages.some((m) => m.kind === 'analysis.completed')) throw new Error('not completed');
    return { ms, cpu: cpuSeconds('self') - cpuBefore };
  };
  // Once unmeasured: the video detector loads with the first video frame.
  await once();
  return { once, close: () => model.close() };
}

/**
 * CPU seconds of a process and its waited children (ffmpeg, ffprobe), from /proc (Linux).
 * @param {number | 'self'} pid
 */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

/**
 * One build's video service and video worker started (identity, library and the place shared),
 * `runs` videos taken from upload to report, stopped again; the end-to-end times.
 * @param {{ name: string, dist: string }} build  dist: the folder name of the builds (`dist`)
 * @param {{ place: ReturnType<typeof benchPlace>, children: import('./children.mjs').Child[],
 *   file: string, rate: (ms: number) => string, profile: string[] }} bench
 */
async function measureBuild(build, { place, children, file, rate, profile }) {
  const video = readFileSync(file);
  const table = JSON.parse(readFileSync(path.join(repoRoot, 'infra/processes.json'), 'utf8'));
  const nodeArgs = (/** @type {string} */ name) =>
    table.find((/** @type {{ name: string }} */ entry) => entry.name === name).nodeArgs ?? [];
  const own = [];
  own.push(
    await startChild(
      `video (${build.name})`,
      [...nodeArgs('video'), ...profile, `services/video/${build.dist}/main.js`],
      place.env,
      '[video] ready',
      children,
    ),
  );
  const gateway = await startServices([], place.env, children);
  own.push(children.at(-1));
  // Its model not loaded yet for the first run, as FACE_MODEL_IDLE_SECONDS after a last video.
  const videoWorker = await startChild(
    `video-worker (${build.name})`,
    [...nodeArgs('video-worker'), ...profile, `workers/video/${build.dist}/main.js`],
    { ...place.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    '[video-worker] ready',
    children,
  );
  const stages = stageLines(videoWorker.child);
  const cookie = await seed(gateway, place.env, place.databaseUrl, build.name);
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const sql = new pg.Client({ connectionString: place.databaseUrl });
  await sql.connect();
  const connection = { url: place.env.REDIS_URL, prefix: place.env.REDIS_PREFIX };
  const queues = {
    analyses: runtime.openQueue(QUEUE_CONTRACTS.videoAnalysis, connection),
    inbox: runtime.openQueue(QUEUE_CONTRACTS.videoInbox, connection),
  };
  const alone = await handlerAlone(build.dist, file, path.join(path.dirname(file), build.name));
  const pids = own.map((child) => /** @type {number} */ (child?.child.pid));
  // The bench's own reads of the table poll no process of the stack.
  const stackCpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  /** @type {{ e2e: number, alone: number }[]} */
  const pairs = [];
  for (let i = 0; i < Number(args.runs); i += 1) {
    const workerPid = /** @type {number} */ (videoWorker.child.pid);
    const workerBefore = cpuSeconds(workerPid);
    const stackBefore = stackCpu();
    const e2e = await endToEnd(gateway, cookie, video, sql);
    const cpu = cpuSeconds(workerPid) - workerBefore;
    const allCpu = cpu + stackCpu() - stackBefore;
    await sleep(200);
    const q = await queueTimes(queues, e2e.id, e2e.answered);
    const worker = stages.get(e2e.id) ?? {};
    const base = await alone.once();
    pairs.push({ e2e: e2e.shown, alone: base.ms });
    console.log(
      `${build.name} run ${i + 1} (${i === 0 ? 'model released' : 'model loaded'}): ${Math.round(e2e.shown)} ms = ${rate(e2e.shown)} real time; ` +
        `CPU ${cpu.toFixed(1)} s in the worker, ${allCpu.toFixed(1)} s with video, gateway\n` +
        `  handler alone right after: ${Math.round(base.ms)} ms = ${rate(base.ms)}, CPU ${base.cpu.toFixed(1)} s; ` +
        `end to end / alone (speed) ${(base.ms / e2e.shown).toFixed(2)}, CPU alone / end to end ${(base.cpu / allCpu).toFixed(2)}\n` +
        `  analyze answered ${Math.round(e2e.analyzeAnswered)}, job queued ${q.queued}, ` +
        `picked ${q.picked} (waited ${q.picked - q.queued}), job done ${q.jobDone}\n` +
        `  worker: ${Object.entries(worker)
          .map(([stage, ms]) => `${stage} ${ms}`)
          .join(', ')}\n` +
        `  report message added ${q.messageAdded}, picked ${q.messagePicked} (waited ${q.messagePicked - q.messageAdded}), ` +
        `stored ${q.stored} (took ${q.stored - q.messagePicked}); seen stored ${Math.round(e2e.shown)}`,
    );
  }
  await Promise.all([queues.analyses.close(), queues.inbox.close(), sql.end()]);
  await alone.close();
  await Promise.all([...own, videoWorker].map((child) => child && stopChild(child)));
  return pairs;
}

const place = benchPlace();
const folder = mkdtempSync(path.join(tmpdir(), 'video-e2e-'));
/** @type {import('./children.mjs').Child[]} */
const children = [];
process.once('SIGINT', () => {
  void Promise.all(children.map(stopChild))
    .then(() => place.cleanUp())
    .then(() => process.exit(130));
});
try {
  const binaries = findBinaries();
  const file = path.join(folder, 'shift.mp4');
  await makeVideo(binaries.ffmpeg, file);
  const { durationSeconds } = await probeVideo(file, binaries);
  const video = readFileSync(file);
  const profile = args.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`]
    : [];
  console.log(
    `video: ${durationSeconds} s, 1280x720 H.264, ${(video.length / 1e6).toFixed(1)} MB; ` +
      `database ${place.database}; times in ms from the upload's answer`,
  );
  await startServices(['identity', 'library'], place.env, children);
  const rate = (/** @type {number} */ ms) => `${(durationSeconds / (ms / 1000)).toFixed(2)}x`;
  const builds = [
    ...(args.before ? [{ name: 'before', dist: args.before }] : []),
    { name: 'this', dist: 'dist' },
  ];
  for (const build of builds) {
    const pairs = await measureBuild(build, { place, children, file, rate, profile });
    console.log(
      `${build.name}: end to end / handler alone (speed), run by run: ` +
        `${pairs.map((pair) => (pair.alone / pair.e2e).toFixed(2)).join(' / ')}; target 0.85`,
    );
  }
} finally {
  await Promise.all(children.map(stopChild));
  rmSync(folder, { recursive: true, force: true });
  await place.cleanUp();
}
