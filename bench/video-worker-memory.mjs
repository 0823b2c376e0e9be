// Benchmark: the video worker's resident memory while it analyses a video (issue #36: <= 400 MiB)
// and once its face model is released. Starts the built worker as `npm start` does (its node
// flags from infra/processes.json) with a random Redis key prefix and a temporary data folder,
// once per --threads value (FACE_THREADS), and queues one analysis of a 1280x720 video made here
// with ffmpeg from the fixture group photos and face-api's demo photos (several faces a frame).
// Samples the process's RSS every 50 ms from /proc and prints, per thread count: idle after the
// start, the peak while analysing, once the model is released (FACE_MODEL_IDLE_SECONDS=3), and
// the analysis speed. The thread counts side by side are each other's baseline. Prints figures,
// never asserts.
//
//   node_modules/.bin/node bench/video-worker-memory.mjs [--threads 1,2] [--seconds 40]
//       [--baseline ../other-checkout]
//
// --baseline DIR: the same runs with DIR's built worker first (an earlier commit, built there).
// Needs the built workspaces (`npx turbo run build`), Redis at REDIS_URL (default 127.0.0.1:6379)
// and ffmpeg (Debian's or the npm one).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { benchPlace, rssMiB, startChild, stopChild } from './children.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    threads: { type: 'string', default: '1,2' },
    seconds: { type: 'string', default: '40' },
    /** Another checkout whose built worker is measured first, as the baseline. */
    baseline: { type: 'string' },
  },
});

const fromWorker = createRequire(path.join(repoRoot, 'workers/video/package.json'));
/** @param {string} name */
const importForWorker = (name) => import(pathToFileURL(fromWorker.resolve(name)).href);
const runtime = await importForWorker('@hub/runtime');
const { QUEUE_CONTRACTS } = await importForWorker('@hub/proto/jobs');
const { findBinaries } = await import(
  pathToFileURL(path.join(repoRoot, 'workers/video/dist/frames/binaries.js')).href
);
const faceApiDir = path.dirname(fromWorker.resolve('@vladmandic/face-api/package.json'));
const PICTURES = [
  path.join(repoRoot, '../shared/fixtures/faces/bbt1.jpg'),
  path.join(faceApiDir, 'demo/sample1.jpg'),
  path.join(repoRoot, '../shared/fixtures/faces/bbt2.jpg'),
  path.join(faceApiDir, 'demo/sample2.jpg'),
];

/** The pictures in turn, a few seconds each, fitted into 1280x720, as one H.264 video. */
async function makeVideo(/** @type {string} */ ffmpeg, /** @type {string} */ output) {
  const each = Number(args.seconds) / PICTURES.length;
  const fit =
    'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=10';
  const inputs = PICTURES.flatMap((file) => ['-loop', '1', '-t', String(each), '-i', file]);
  const chains = PICTURES.map((_, index) => `[${index}:v]${fit}[v${index}]`).join(';');
  const joined = PICTURES.map((_, index) => `[v${index}]`).join('');
  await run(ffmpeg, [
    '-v',
    'error',
    ...inputs,
    '-filter_complex',
    `${chains};${joined}concat=n=${PICTURES.length}:v=1:a=0[out]`,
    '-map',
    '[out]',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-y',
    output,
  ]);
}

/** The worker's RSS every 50 ms until stopped: the peak and the last figure. */
function sampleRss(/** @type {number} */ pid) {
  let peak = 0;
  let last = 0;
  const timer = setInterval(() => {
    last = rssMiB(pid);
    peak = Math.max(peak, last);
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return { peak: Math.round(peak), last: Math.round(last) };
    },
  };
}

/** Resolves with the inbox message that ends the analysis of `videoId`. */
async function analysisResult(
  /** @type {import('bullmq').Queue} */ inbox,
  /** @type {number} */ videoId,
) {
  for (;;) {
    const jobs = await inbox.getJobs(['waiting', 'prioritized', 'delayed']);
    const done = jobs.find(
      (job) =>
        job.data.videoId === videoId &&
        (job.data.kind === 'analysis.completed' || job.data.kind === 'analysis.failed'),
    );
    if (done) return done.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

const place = benchPlace();
const folder = mkdtempSync(path.join(tmpdir(), 'video-worker-memory-'));
/** @type {import('./children.mjs').Child[]} */
const children = [];
try {
  const { ffmpeg } = findBinaries();
  const video = path.join(folder, 'shift.mp4');
  await makeVideo(ffmpeg, video);
  const storage = runtime.openStorage({ ...place.env, DATA_DIR: place.env.DATA_DIR });
  await storage.put('org/1/videos/1.mp4', readFileSync(video), 'video/mp4');
  const connection = { url: place.env.REDIS_URL, prefix: place.env.REDIS_PREFIX };
  const analyses = runtime.openQueue(QUEUE_CONTRACTS.videoAnalysis, connection);
  const inbox = runtime.openQueue(QUEUE_CONTRACTS.videoInbox, connection);
  const table = JSON.parse(readFileSync(path.join(repoRoot, 'infra/processes.json'), 'utf8'));
  const nodeArgs = table.find(
    (/** @type {{ name: string }} */ entry) => entry.name === 'video-worker',
  ).nodeArgs;
  console.log(
    `video: ${args.seconds} s, 1280x720, ${PICTURES.length} scenes of 2-6 faces; RSS in MiB`,
  );
  console.log('build      threads  idle  peak analysing  after release  speed');
  let videoId = 0;
  /** @type {[string, string][]} */
  const builds = args.baseline
    ? [
        ['baseline', path.resolve(args.baseline)],
        ['this', repoRoot],
      ]
    : [['this', repoRoot]];
  for (const [build, root] of builds) {
    for (const threads of args.threads.split(',').map(Number)) {
      videoId += 1;
      const figures = await measure(
        path.join(root, 'workers/video/dist/main.js'),
        threads,
        videoId,
      );
      console.log(`${build.padEnd(11)}${String(threads).padEnd(9)}${figures}`);
    }
  }

  /** One worker started, one analysis, its figures as a line of the table. */
  async function measure(
    /** @type {string} */ entry,
    /** @type {number} */ threads,
    /** @type {number} */ id,
  ) {
    const env = { ...place.env, FACE_THREADS: String(threads), FACE_MODEL_IDLE_SECONDS: '3' };
    const worker = await startChild(
      `video-worker (${threads} threads)`,
      [...nodeArgs, entry],
      env,
      '[video-worker] ready',
      children,
    );
    const pid = /** @type {number} */ (worker.child.pid);
    await sleep(2000);
    const idle = Math.round(rssMiB(pid));
    const sampler = sampleRss(pid);
    const started = process.hrtime.bigint();
    await runtime.addFairly(analyses, 'analyse', {
      videoId: id,
      organizationId: 1,
      run: 1,
      videoKey: 'org/1/videos/1.mp4',
      sops: [],
      prompt: '',
      enrolments: [],
    });
    const result = await analysisResult(inbox, id);
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    const { peak } = sampler.stop();
    if (result.kind !== 'analysis.completed') throw new Error(JSON.stringify(result));
    await sleep(6000);
    const released = Math.round(rssMiB(pid));
    await stopChild(worker);
    const speed = `${(Number(args.seconds) / wall).toFixed(1)} s of video / s`;
    return `${String(idle).padEnd(6)}${String(peak).padEnd(16)}${String(released).padEnd(15)}${speed}`;
  }
  await Promise.all([analyses.close(), inbox.close()]);
} finally {
  await Promise.all(children.map(stopChild));
  rmSync(folder, { recursive: true, force: true });
  await place.cleanUp();
}
