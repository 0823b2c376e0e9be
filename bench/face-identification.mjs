// Benchmark: operator identification against the fixture people, per 2-second segment.
//
// It builds a 1280x720 video with ffmpeg from ../shared/fixtures/faces: photos 2..5 of every
// fixture person, 2 s each, at their own size (150 px) or enlarged (200, 300 px) in changing
// places of the frame, the people interleaved (never two segments of one person in a row), and
// the two group photos, where enrolled people sit among strangers (bbt1: Raj, Leonard, Howard,
// Sheldon; bbt2: Leonard, Sheldon and people behind them; checked by eye). Photo 1 of each person
// is enrolled through the worker's real enrolment handler; the real analysis handler analyses
// the video. For each segment it prints who was expected, who was named, precision and recall,
// then the overall figures: mean per-segment recall and precision, and over all (segment, person)
// pairs; and the analysis speed as seconds of video per second. At the end come six segments of
// held-out strangers (face-api's demo photos, in no fixture), where any name is a false accept.
// Each run analyses the video twice, with the previous matching rule (threshold 0.55 alone) and
// with the configured one (threshold and margin), and the peak RSS of the process is printed.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/face-identification.mjs [--runs 1] [--fps 1] [--backend wasm]
//     [--threads N] [--save video.mp4] [--dist other-build/dist]
//     [--people DIR [--strangers DIR] [--references 1]] [--sides 150,300,200]
//     [--rules both|now]
//
// --people DIR measures people kept outside the repository instead of the fixtures, e.g. a
// held-out set: DIR holds one folder a person, named after them, with their pictures; the first
// --references pictures by name are enrolled (a profile photo, then reference photos), the others
// shown, a person at a time, in rounds. --strangers DIR: pictures of people enrolled nowhere,
// shown last instead of face-api's demo photos. The pictures of DIR/groups and DIR/partial (as in
// ../shared/fixtures/faces-dev: several people in one picture, half faces) are shown whole after
// the people's own, expecting the people their names say (face-bench-people.mjs).
//
// Needs the built worker and kit (`npx turbo run build`) and ffmpeg (Debian's or the npm one).
// It works in a temp folder and removes it at the end; it needs no Redis (the inbox is a list).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { benchPeople, benchSegments } from './face-bench-people.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const worker = path.join(repoRoot, 'workers/video');
const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    fps: { type: 'string', default: '1' },
    backend: { type: 'string', default: 'wasm' },
    /** Detection threads (FACE_THREADS); the worker's default when not given. */
    threads: { type: 'string' },
    /** Keeps a copy of the video made, to look at. */
    save: { type: 'string' },
    /** Another build of the worker to measure (e.g. one of an earlier commit), for before/after. */
    dist: { type: 'string', default: path.join(worker, 'dist') },
    /** People kept outside the repository instead of the fixtures: a folder a person. */
    people: { type: 'string' },
    /** Pictures of people enrolled nowhere, instead of face-api's demo photos. */
    strangers: { type: 'string' },
    /** Pictures of each person enrolled (the first by name): 1 is a profile photo alone. */
    references: { type: 'string', default: '1' },
    /**
     * The sides (px, comma-separated) the people's pictures are shown at in turn, instead of
     * 150,300,200: e.g. the fixture faces at 48-100 px, as small as whole portraits shrunk to
     * 150-200 px show theirs, to tune small-face detection without a held-out set.
     */
    sides: { type: 'string' },
    /** `now` analyses with the configured matching rule alone, not the previous one first. */
    rules: { type: 'string', default: 'both' },
  },
});
const fps = Number(args.fps);

/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(args.dist, file)).href);
/** @param {string} name */
async function importFromWorker(name) {
  const require = createRequire(path.join(worker, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

const { createAnalysisHandler } = await importDist('analysis-job.js');
const { createEnrolmentHandler } = await importDist('enrolment-job.js');
const { readVideoWorkerConfig } = await importDist('config.js');
const { analysisSettings, loadFaceModel } = await importDist('faces/load-face-model.js');
const { findBinaries } = await importDist('frames/binaries.js');
const { LocalDiskStorage } = await importFromWorker('@hub/kit');

const WIDTH = 1280;
const HEIGHT = 720;
const SECONDS = 2;
const fixtures = !args.people;
const references = Number(args.references);
if (!Number.isInteger(references) || references < 1) {
  throw new Error(`--references takes a whole number of pictures, at least 1: ${args.references}`);
}
const people = benchPeople(args.people, references);
const sides = args.sides?.split(',').map(Number);
if (sides?.some((side) => !Number.isInteger(side) || side < 16)) {
  throw new Error(`--sides takes whole numbers of pixels, at least 16: ${args.sides}`);
}

/** @typedef {import('./face-bench-people.mjs').Segment} Segment */

/**
 * Each segment is composed into one 1280x720 still first, then the stills are joined: an overlay
 * on a looped picture loses a frame a segment, which would shift every later segment in time.
 * @param {string} ffmpeg @param {Segment[]} list @param {string} folder @param {string} output
 */
async function makeVideo(ffmpeg, list, folder, output) {
  const stills = await Promise.all(
    list.map(async (s, i) => {
      const still = path.join(folder, `still-${i}.png`);
      const filter = s.side
        ? `[0:v]scale=${s.side}:${s.side}:force_original_aspect_ratio=decrease[p];color=c=0x707070:s=${WIDTH}x${HEIGHT}[b];` +
          `[b][p]overlay=${s.place[0]}:${s.place[1]}`
        : `[0:v]scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=decrease,` +
          `pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2`;
      await run(ffmpeg, [
        '-v',
        'error',
        '-y',
        '-i',
        s.file,
        '-filter_complex',
        filter,
        '-frames:v',
        '1',
        still,
      ]);
      return still;
    }),
  );
  const inputs = stills.flatMap((still) => ['-loop', '1', '-t', String(SECONDS), '-i', still]);
  const filters = stills.map((_, i) => `[${i}:v]setsar=1,fps=25,format=yuv420p[v${i}]`);
  const concat = `${list.map((_, i) => `[v${i}]`).join('')}concat=n=${list.length}:v=1:a=0[out]`;
  await run(ffmpeg, [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', [...filters, concat].join(';')],
    ...['-map', '[out]', '-c:v', 'libx264', '-preset', 'fast', '-crf', '23', output],
  ]);
}

/** A fake BullMQ job: the handlers read only these. */
const jobOf = (/** @type {unknown} */ data) => ({ data, attemptsMade: 0, opts: { attempts: 1 } });

/**
 * @param {{ storage: { put(key: string, bytes: Buffer, type: string): Promise<unknown> },
 *   faces: unknown, binaries: unknown }} deps
 */
async function enrolAll(deps) {
  /** @type {{ kind: string, userId: number, embedding?: number[], space?: string, reason?: string }[]} */
  const messages = [];
  const inbox = {
    add: async (/** @type {string} */ _n, /** @type {never} */ m) => messages.push(m),
  };
  const handle = createEnrolmentHandler({ ...deps, inbox });
  const enrolments = [];
  for (const person of people) {
    for (const [n, file] of person.enrolled.entries()) {
      const key = `org/1/users/${person.userId}/picture-${n}${path.extname(file)}`;
      await deps.storage.put(key, readFileSync(file), 'application/octet-stream');
      // The first is the profile picture; the others are reference photos, checked as such.
      const purpose = n === 0 ? 'profile' : 'reference';
      await handle(
        jobOf({ userId: person.userId, organizationId: 1, pictureKey: key, changedBy: 1, purpose }),
      );
      const message = messages.at(-1);
      if (message?.kind !== 'face.enrolled') {
        console.log(
          `${person.name}, ${path.basename(file)}: not enrolled: ${message?.reason ?? 'no answer'}`,
        );
        continue;
      }
      const { embedding, space } = message;
      enrolments.push({ userId: person.userId, name: person.name, embedding, space });
    }
  }
  return enrolments;
}

/**
 * Who the report names in each segment: an appearance overlapping the segment's time.
 * @param {{ identifiedOperators: { name: string, appearances: { start: number, end: number }[] }[] }} report
 * @param {number} index
 */
function namedIn(report, index) {
  const start = index * SECONDS + 1e-3;
  const end = (index + 1) * SECONDS - 1e-3;
  return report.identifiedOperators
    .filter((o) => o.appearances.some((range) => range.start < end && range.end > start))
    .map((o) => o.name);
}

/**
 * How many people the report saw in a segment without naming them: unidentified appearances
 * overlapping it (with the names, every face the analysis counted there).
 * @param {{ unidentifiedPeople: { appearances: { start: number, end: number }[] }[] }} report
 * @param {number} index
 */
function unknownIn(report, index) {
  const start = index * SECONDS + 1e-3;
  const end = (index + 1) * SECONDS - 1e-3;
  return report.unidentifiedPeople.filter((p) =>
    p.appearances.some((range) => range.start < end && range.end > start),
  ).length;
}

/** @param {Segment[]} list @param {any} report */
function score(list, report) {
  let truePositives = 0;
  let named = 0;
  let expected = 0;
  let recallSum = 0;
  let precisionSum = 0;
  let strangersNamed = 0;
  const rows = list.map((segment, index) => {
    const found = namedIn(report, index);
    const right = found.filter((name) => segment.people.includes(name)).length;
    const recall = segment.people.length ? right / segment.people.length : 1;
    const precision = found.length ? right / found.length : 1;
    truePositives += right;
    named += found.length;
    expected += segment.people.length;
    recallSum += recall;
    if (segment.people.length === 0) strangersNamed += found.length;
    precisionSum += precision;
    const at = `${index * SECONDS}-${(index + 1) * SECONDS}s`.padEnd(8);
    return `  ${at} ${segment.label.padEnd(12)} ${String(segment.side || 'full').padEnd(5)} expected ${segment.people.join('+').padEnd(15)} named ${(found.join('+') || '-').padEnd(15)} unknown ${unknownIn(report, index)} P ${precision.toFixed(2)} R ${recall.toFixed(2)}`;
  });
  return {
    rows,
    meanRecall: recallSum / list.length,
    meanPrecision: precisionSum / list.length,
    recall: truePositives / expected,
    precision: named ? truePositives / named : 1,
    missed: expected - truePositives,
    wrong: named - truePositives,
    strangersNamed,
  };
}

const folder = mkdtempSync(path.join(tmpdir(), 'face-bench-'));
try {
  const binaries = findBinaries();
  const list = benchSegments(people, {
    fixtures,
    strangersDir: args.strangers,
    peopleDir: args.people,
    sides,
  });
  const video = path.join(folder, 'people.mp4');
  await makeVideo(binaries.ffmpeg, list, folder, video);
  if (args.save) copyFileSync(video, args.save);
  const duration = list.length * SECONDS;
  const config = readVideoWorkerConfig({
    ...process.env,
    FACE_BACKEND: args.backend,
    // The worker's default (two threads where there are two cores) unless --threads says.
    ...(args.threads ? { FACE_THREADS: args.threads } : {}),
    VIDEO_SAMPLE_FPS: String(fps),
    STORAGE_DIR: path.join(folder, 'objects'),
  });
  let started = process.hrtime.bigint();
  const faces = await loadFaceModel(config);
  // The worker loads its model with the first frame: a blank one, so loading is timed alone.
  await faces.detect({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }, 'picture');
  const since = () => Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `video: ${duration} s, ${WIDTH}x${HEIGHT} H.264, ${list.length} segments of ${SECONDS} s; sampling ${fps} fps`,
  );
  console.log(`model: ${faces.name}, loaded in ${since().toFixed(2)} s`);

  const storage = new LocalDiskStorage(path.join(folder, 'objects'));
  const enrolments = await enrolAll({ storage, faces, binaries });
  const enrolledNames = [...new Set(enrolments.map((e) => e.name))];
  console.log(`enrolled: ${enrolledNames.join(', ')} (${enrolments.length} pictures)`);
  await storage.put('org/1/videos/1.mp4', readFileSync(video), 'video/mp4');

  /**
   * One analysis of the video with one matching rule, its figures printed.
   * @param {number} attempt @param {{ label: string, matchThreshold: number, matchMargin: number }} rule
   */
  async function analyse(attempt, rule) {
    /** @type {{ kind: string, report?: any, reason?: string }[]} */
    const messages = [];
    const inbox = {
      add: async (/** @type {string} */ _n, /** @type {never} */ m) => messages.push(m),
    };
    const handle = createAnalysisHandler({
      storage,
      inbox,
      faces,
      binaries,
      steps: null,
      settings: { ...analysisSettings(config), ...rule, timeoutMs: 600_000 },
    });
    const data = {
      videoId: 1,
      organizationId: 1,
      run: attempt,
      videoKey: 'org/1/videos/1.mp4',
      sops: [],
      prompt: '',
      enrolments,
    };
    started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    await handle(jobOf(data));
    const seconds = since();
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const done = messages.find((m) => m.kind === 'analysis.completed');
    if (!done) throw new Error(`The analysis did not complete: ${JSON.stringify(messages.at(-1))}`);
    const result = score(list, done.report);
    console.log(`run ${attempt}, ${rule.label}:`);
    console.log(result.rows.join('\n'));
    console.log(
      `  per segment: mean recall ${result.meanRecall.toFixed(3)}, mean precision ${result.meanPrecision.toFixed(3)}; ` +
        `over (segment, person) pairs: recall ${result.recall.toFixed(3)}, precision ${result.precision.toFixed(3)} ` +
        `(${result.missed} missed, ${result.wrong} wrongly named, ${result.strangersNamed} of them in the held-out strangers' segments)\n` +
        `  ${done.report.detectedOperators} people detected, ${done.report.unidentifiedPeople.length} unidentified; ` +
        `${done.report.framesAnalysed} frames in ${seconds.toFixed(2)} s = ${(duration / seconds).toFixed(1)} s of video / s; ` +
        `CPU time of this process (all its threads, not ffmpeg) ${cpuSeconds.toFixed(1)} s = ` +
        `${(duration / cpuSeconds).toFixed(1)} s of video per CPU second (a busy machine stretches the wall time, not this)`,
    );
  }

  // The previous rule (threshold alone) and the configured one, on the same frames' model.
  const rules = [
    { label: 'previous: threshold 0.55, no margin', matchThreshold: 0.55, matchMargin: 0 },
    {
      label: `now: threshold ${config.FACE_MATCH_THRESHOLD}, margin ${config.FACE_MATCH_MARGIN}`,
      matchThreshold: config.FACE_MATCH_THRESHOLD,
      matchMargin: config.FACE_MATCH_MARGIN,
    },
  ];
  const chosen = args.rules === 'now' ? rules.slice(1) : rules;
  for (let attempt = 1; attempt <= Number(args.runs); attempt++) {
    for (const rule of chosen) await analyse(attempt, rule);
  }
  console.log(
    `peak RSS of this process (the worker's model threads included): ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
  );
  await faces.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
