// Benchmark: the video worker's analysis speed. Prints, in one run on the same video (~40 s made
// here with ffmpeg from the fixture face photos, 640x480):
//   1. seconds of video analysed per second of wall time by the real analysis job handler
//      (temp copy, probe, 1 fps frame sampling, face detection + embeddings on the configured
//      backend, clustering, matching; no step analysis);
//   2. the same for ffmpeg decoding and sampling the same frames alone (the worker's frame stream,
//      no faces), and for the ffmpeg command line writing them to /dev/null;
//   3. the share of the job's time that is frame decoding.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/video-analysis.mjs [--fps 1] [--backend wasm] [--threads N]
//
// Needs the built worker and kit (`npx turbo run build`) and ffmpeg (Debian's or the npm one).
// It works in a temp folder and removes it at the end; it needs no Redis (the inbox is a list).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const faces = path.join(repoRoot, '../shared/fixtures/faces');
const worker = path.join(repoRoot, 'workers/video');
const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    fps: { type: 'string', default: '1' },
    backend: { type: 'string', default: 'wasm' },
    threads: { type: 'string' },
  },
});
const fps = Number(args.fps);

/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(worker, 'dist', file)).href);
/**
 * Imports a package as the video worker would (the bench is no workspace).
 * @param {string} name
 */
async function importFromWorker(name) {
  const require = createRequire(path.join(worker, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

const { createAnalysisHandler } = await importDist('analysis-job.js');
const { analysisSettings, loadFaceModel } = await importDist('faces/load-face-model.js');
const { readVideoWorkerConfig } = await importDist('config.js');
const { findBinaries } = await importDist('frames/binaries.js');
const { sampleFrames } = await importDist('frames/sample-frames.js');
const { probeVideo } = await importDist('frames/probe.js');
const { LocalDiskStorage } = await importFromWorker('@hub/kit');

const seconds = (/** @type {bigint} */ ns) => Number(ns) / 1e9;
const people = ['amy', 'bernadette', 'howard', 'leonard'];

/**
 * Two seconds of each face photo, shown at 240x240 in a 640x480 frame, then the group photos.
 * @param {string} ffmpeg
 * @param {string} output
 */
async function makeVideo(ffmpeg, output) {
  const stills = people.flatMap((person) =>
    [1, 2, 3, 4, 5].map((i) => ({
      file: path.join(faces, person, `${person}${i}.png`),
      side: 240,
    })),
  );
  stills.push(
    { file: path.join(faces, 'bbt1.jpg'), side: 0 },
    { file: path.join(faces, 'bbt2.jpg'), side: 0 },
  );
  const inputs = stills.flatMap((still) => ['-loop', '1', '-t', '2', '-i', still.file]);
  const filters = stills.map((still, index) => {
    const scale = still.side
      ? `scale=${still.side}:${still.side}`
      : 'scale=640:480:force_original_aspect_ratio=decrease';
    return `[${index}:v]${scale},pad=640:480:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p[v${index}]`;
  });
  const concat = `${stills.map((_, i) => `[v${i}]`).join('')}concat=n=${stills.length}:v=1:a=0[out]`;
  await run(ffmpeg, [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', [...filters, concat].join(';')],
    ...['-map', '[out]', '-c:v', 'mpeg4', '-q:v', '4', output],
  ]);
}

const folder = mkdtempSync(path.join(tmpdir(), 'video-bench-'));
try {
  const binaries = findBinaries();
  const video = path.join(folder, 'bench.mp4');
  await makeVideo(binaries.ffmpeg, video);
  const { durationSeconds } = await probeVideo(video, binaries);
  console.log(
    `video: ${durationSeconds} s, 640x480 MPEG-4; sampling ${fps} fps; ffmpeg ${binaries.ffmpeg}`,
  );

  let started = process.hrtime.bigint();
  // The worker's own settings (frame size, detector floor, threads), as configured by default.
  const config = readVideoWorkerConfig({
    ...process.env,
    FACE_BACKEND: args.backend,
    // The worker's default (two threads where there are two cores) unless --threads says.
    ...(args.threads ? { FACE_THREADS: args.threads } : {}),
    VIDEO_SAMPLE_FPS: String(fps),
  });
  const model = await loadFaceModel(config);
  // The worker loads its model with the first frame: a blank one, so loading is timed alone.
  await model.detect({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }, 'picture');
  console.log(
    `model loaded in ${seconds(process.hrtime.bigint() - started).toFixed(2)} s: ${model.name}`,
  );

  const size = { width: config.VIDEO_FRAME_WIDTH, height: config.VIDEO_FRAME_HEIGHT };
  // 2. ffmpeg alone, first, so the file is in the page cache for both.
  started = process.hrtime.bigint();
  await run(binaries.ffmpeg, [
    ...['-v', 'error', '-i', video, '-an', '-vf'],
    `fps=${fps},scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease,` +
      `pad=${size.width}:${size.height}:(ow-iw)/2:(oh-ih)/2`,
    ...['-pix_fmt', 'rgb24', '-f', 'rawvideo', '-y', '/dev/null'],
  ]);
  const cliTime = seconds(process.hrtime.bigint() - started);
  started = process.hrtime.bigint();
  let sampled = 0;
  for await (const _frame of sampleFrames(video, binaries, { fps, ...size })) sampled += 1;
  const streamTime = seconds(process.hrtime.bigint() - started);

  // 1. The real job handler.
  const storage = new LocalDiskStorage(path.join(folder, 'objects'));
  await storage.put('org/1/videos/1.mp4', readFileSync(video), 'video/mp4');
  /** @type {{ kind: string, report?: { framesAnalysed: number, detectedOperators: number } }[]} */
  const messages = [];
  const handle = createAnalysisHandler({
    storage,
    inbox: {
      add: async (/** @type {string} */ _name, /** @type {never} */ message) =>
        messages.push(message),
    },
    faces: model,
    binaries,
    steps: null,
    settings: { ...analysisSettings(config), timeoutMs: 600_000 },
  });
  const job = {
    data: {
      videoId: 1,
      organizationId: 1,
      run: 1,
      videoKey: 'org/1/videos/1.mp4',
      sops: [],
      prompt: '',
      enrolments: [],
    },
    attemptsMade: 0,
    opts: { attempts: 1 },
  };
  started = process.hrtime.bigint();
  await handle(job);
  const jobTime = seconds(process.hrtime.bigint() - started);
  const done = messages.find((message) => message.kind === 'analysis.completed');
  if (!done?.report)
    throw new Error(`The analysis did not complete: ${JSON.stringify(messages.at(-1))}`);

  const rate = (/** @type {number} */ time) =>
    `${(durationSeconds / time).toFixed(1)} s of video / s`;
  console.log(
    [
      `analysis job (faces, ${args.backend}): ${done.report.framesAnalysed} frames in ${jobTime.toFixed(2)} s = ${rate(jobTime)}` +
        ` (${((jobTime / done.report.framesAnalysed) * 1000).toFixed(0)} ms a frame, ${done.report.detectedOperators} people)`,
      `ffmpeg sampling alone (worker's frame stream): ${sampled} frames in ${streamTime.toFixed(2)} s = ${rate(streamTime)}`,
      `ffmpeg sampling alone (command line to /dev/null): ${cliTime.toFixed(2)} s = ${rate(cliTime)}`,
      `the analysis takes ${(jobTime / streamTime).toFixed(1)}x the time of sampling alone; ` +
        `decoding is ${((streamTime / jobTime) * 100).toFixed(0)}% of it`,
      `peak RSS of this process (the handler and the model's threads: the worker's analysis): ` +
        `${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
    ].join('\n'),
  );
  await model.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
