// Why small faces that are found are not named (#52): the fixture faces (../shared/fixtures/faces,
// the tuning set; never faces-dev) shown small in a 1280x720 frame, H.264-encoded as the bench
// video is, found by the worker's own video pass (both zoom steps on), and their distances to the
// enrolled references (photo 1, or photos 1-3, enrolled as profile pictures are), to the other
// fixture people, and to strangers: face-api's demo women, each cut out as a portrait and shown
// at the same sizes. Variants of the small face's embedding are measured beside the worker's:
// the mean with its mirror image (flip), and references also embedded from the reference photo
// shown at the same size (resolution-matched references), the face re-embedded from the frame
// around it upscaled (lanczos3) to 160 px, landmarks found again there (up), and the mean of
// descriptors of the aligned square shifted and scaled by 4-6 % (jitter, references too), and the
// mean of the worker's and the upscaled one (upmean), the dlib square cut without face-api's
// rounding to whole pixels (subpixel, the worker's own since #52), and that cut of landmarks
// averaged over seven shifted or scaled boxes (lmavg). Prints distances by face size and what each
// rule would name; asserts nothing. A probe: it calls FaceApiModel's private
// `facesInVideo` and face-api itself, so that the variants see the worker's own detections.
//
//   node_modules/.bin/node bench/face-small-naming.mjs [--sides 40,48,56,64,80,100]
//     [--json out.json] [--load out.json] [--zooms 704,960] [--zoom-box second|own]
//     [--zoom-min-score 0.05] [--variants plain,subpixel,...]
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const worker = path.join(repoRoot, 'workers/video');
const facesDir = path.join(repoRoot, '../shared/fixtures/faces');
const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    sides: { type: 'string', default: '40,48,56,64,80,100' },
    json: { type: 'string' },
    /** Re-reads a --json file of an earlier run and prints its figures, measuring nothing. */
    load: { type: 'string' },
    /** The zoom steps' input sizes (FACE_VIDEO_ZOOM_INPUT_SIZE, then _AGAIN_), comma-separated. */
    zooms: { type: 'string', default: '704,960' },
    /**
     * The box a zoomed pass's find is described from: the second look's (`second`, the worker's)
     * or the pass's own (`own`, the worker before #52's second-look box).
     */
    'zoom-box': { type: 'string', default: 'second' },
    /** The detector score a zoomed pass's find needs (the worker's: 0.05; before #52's: 0.3). */
    'zoom-min-score': { type: 'string' },
    /** The embeddings reported, comma-separated. */
    variants: { type: 'string', default: 'plain,flip,matched,up,upmean,jitter,subpixel,lmavg' },
  },
});
const sides = args.sides.split(',').map(Number);
const importDist = (/** @type {string} */ file) =>
  import(pathToFileURL(path.join(worker, 'dist', file)).href);
const { FaceApiModel } = await importDist('faces/face-api-model.js');
const { findBinaries } = await importDist('frames/binaries.js');
const { CONFIRMATION, landmarkMisfit } = await importDist('faces/face-confirmation.js');
// A probe's switch: the worker's bars are plain objects, read when each frame is searched.
for (const bar of [CONFIRMATION.zoomed, CONFIRMATION.zoomedAgain]) {
  bar.secondLookBox = args['zoom-box'] === 'second';
  if (args['zoom-min-score']) bar.minDetectionScore = Number(args['zoom-min-score']);
}
const wanted = new Set(args.variants.split(','));
/** A variant's embedding, computed only when reported (some cost several descriptors a face). */
const ifWanted = async (
  /** @type {string} */ variant,
  /** @type {() => Promise<number[]>} */ make,
) => (wanted.has(variant) || (variant === 'up' && wanted.has('upmean')) ? make() : null);
const { alignedCrop } = await importDist('faces/aligned-crop.js');
const { facesInPicture } = await importDist('enrolment-job.js');
const { readPicture } = await importDist('frames/picture.js');
const require = createRequire(path.join(worker, 'package.json'));
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

const PEOPLE = ['amy', 'bernadette', 'howard', 'leonard'];
const PLACES = [
  ['(W-w)/2', '(H-h)/2'],
  ['W/8', 'H/6'],
  ['W*5/8', 'H/3'],
  ['W/3', 'H/2'],
];
const binaries = findBinaries();
/** Variant (b)'s face height after upscaling (px): the recognition net's input is 150. */
const UPSCALED_HEIGHT = 160;
const folder = mkdtempSync(path.join(tmpdir(), 'face-small-'));

/** @param {string[]} argv */
async function rgb(argv, width, height) {
  const { stdout } = await run(
    binaries.ffmpeg,
    [...argv, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 64 << 20 },
  );
  return { width, height, data: new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.length) };
}

async function picture(file) {
  const probe = await run(binaries.ffprobe, [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
    ...['-of', 'csv=p=0', file],
  ]);
  const [width, height] = probe.stdout.trim().split(',').map(Number);
  return rgb(['-v', 'error', '-i', file], width, height);
}

let stillCount = 0;
/** The picture (or a crop of it) at `side` px in a grey 1280x720 frame, through H.264 as the bench. */
async function shown(file, side, place, crop = 'null') {
  const still = path.join(folder, `still-${stillCount++}.mp4`);
  const filter =
    `[0:v]${crop},scale=${side}:${side}:force_original_aspect_ratio=decrease[p];` +
    `color=c=0x707070:s=1280x720[b];[b][p]overlay=${place[0]}:${place[1]},format=yuv420p`;
  await run(binaries.ffmpeg, [
    ...['-v', 'error', '-y', '-i', file, '-filter_complex', filter, '-frames:v', '1'],
    ...['-c:v', 'libx264', '-preset', 'fast', '-crf', '23', still],
  ]);
  return rgb(['-v', 'error', '-i', still], 1280, 720);
}

const distance = (a, b) => Math.sqrt(a.reduce((sum, v, i) => sum + (v - b[i]) ** 2, 0));
const largest = (faces) =>
  faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];

if (args.load) report(JSON.parse(readFileSync(args.load, 'utf8')));
else report(await measure());

async function measure() {
  const model = await FaceApiModel.load({
    backend: 'wasm',
    minConfidence: 0.3,
    videoDetector: {
      kind: 'tiny-face-detector',
      inputSizes: [512, 224],
      zoomInputSizes: args.zooms.split(',').map(Number),
    },
  });
  const faceapi = model.faceapi;
  const tf = faceapi.tf;

  /**
   * The video pass's faces with their embedding as the worker computes it, and the flip variant:
   * the same aligned crop mirrored, its descriptor averaged with the plain one.
   */
  async function videoFaces(frame) {
    const input = tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'float32');
    try {
      const { detections, bar } = await model.facesInVideo(input, frame);
      const described = await new faceapi.DetectAllFaceLandmarksTask(
        Promise.resolve(detections.map((d) => faceapi.extendWithFaceDetection({}, d))),
        input,
        false,
      ).withFaceDescriptors();
      const out = [];
      for (const { detection, landmarks, descriptor } of described) {
        if (landmarkMisfit(landmarks.positions) > bar.maxLandmarkMisfit) continue;
        const rect = landmarks.align(null, { useDlibAlignment: true });
        const [crop] = await faceapi.extractFaceTensors(input, [rect]);
        const mirrored = tf.reverse(crop, 1);
        const flipped = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(mirrored);
        crop.dispose();
        mirrored.dispose();
        const plain = Array.from(descriptor);
        const both = plain.map((v, i) => (v + flipped[i]) / 2);
        const { x, y, width, height } = detection.box;
        out.push({
          box: { x, y, width, height },
          aligned: rect.height,
          misfitBar: bar.maxLandmarkMisfit,
          plain,
          flip: both,
          up: await ifWanted('up', () => upscaled(frame, detection)),
          jitter: await ifWanted('jitter', () => jittered(input, rect, plain)),
          subpixel: await ifWanted('subpixel', async () =>
            Array.from(await subpixelDescriptor(input, landmarks)),
          ),
          lmavg: await ifWanted('lmavg', async () =>
            Array.from(await averagedLandmarksDescriptor(input, frame, detection)),
          ),
        });
      }
      return out;
    } finally {
      input.dispose();
    }
  }

  /**
   * Variant (b): the face re-embedded from the frame around it upscaled (lanczos3) so that the
   * face is UPSCALED_HEIGHT px high: landmarks found again there, aligned and described there.
   * Faces already that high are described as the worker does (factor 1 skips nothing: the same
   * route on the same pixels).
   */
  async function upscaled(frame, detection) {
    const box = detection.box;
    const factor = Math.max(1, UPSCALED_HEIGHT / box.height);
    const left = Math.max(0, Math.floor(box.x - box.width));
    const top = Math.max(0, Math.floor(box.y - box.height));
    const right = Math.min(frame.width, Math.ceil(box.x + 2 * box.width));
    const bottom = Math.min(frame.height, Math.ceil(box.y + 2 * box.height));
    const width = Math.round((right - left) * factor);
    const height = Math.round((bottom - top) * factor);
    const pixels = await sharp(Buffer.from(frame.data), {
      raw: { width: frame.width, height: frame.height, channels: 3 },
    })
      .extract({ left, top, width: right - left, height: bottom - top })
      .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
      .raw()
      .toBuffer();
    const crop = tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'float32');
    try {
      const inCrop = new faceapi.FaceDetection(
        detection.score,
        new faceapi.Rect(
          ((box.x - left) * factor) / width,
          ((box.y - top) * factor) / height,
          (box.width * factor) / width,
          (box.height * factor) / height,
        ),
        { width, height },
      );
      const [described] = await new faceapi.DetectAllFaceLandmarksTask(
        Promise.resolve([faceapi.extendWithFaceDetection({}, inCrop)]),
        crop,
        false,
      ).withFaceDescriptors();
      return Array.from(described.descriptor);
    } finally {
      crop.dispose();
    }
  }

  /**
   * Variant (subpixel): the dlib square of face-api's alignment without its rounding down of
   * position and side to whole pixels, cut and resized to the net's 150 px by bilinear sampling.
   */
  async function subpixelDescriptor(input, landmarks) {
    const crop = alignedCrop(tf, input, landmarks.positions);
    try {
      return await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(crop);
    } finally {
      crop.dispose();
    }
  }

  /**
   * Variant (lmavg): the 68 landmarks found in the detection's box and six shifted or scaled
   * copies of it (5 %, 10 %), averaged point by point, then aligned as subpixel is: the
   * landmark net's noise on a small face averaged before the cut, not the descriptor after it.
   */
  async function averagedLandmarksDescriptor(input, frame, detection) {
    const { x, y, width, height } = detection.box;
    const moves = [
      [0, 0, 1],
      [0.05, 0, 1],
      [-0.05, 0, 1],
      [0, 0.05, 1],
      [0, -0.05, 1],
      [0, 0, 0.9],
      [0, 0, 1.1],
    ];
    const boxes = moves.map(([dx, dy, k]) => {
      const [w, h] = [width * k, height * k];
      const [bx, by] = [x + dx * width + (width - w) / 2, y + dy * height + (height - h) / 2];
      const rect = new faceapi.Rect(
        bx / frame.width,
        by / frame.height,
        w / frame.width,
        h / frame.height,
      );
      const moved = new faceapi.FaceDetection(detection.score, rect, frame);
      return faceapi.extendWithFaceDetection({}, moved);
    });
    const fits = await new faceapi.DetectAllFaceLandmarksTask(Promise.resolve(boxes), input, false);
    const points = fits[0].landmarks.positions.map((_, i) => ({
      x: fits.reduce((sum, f) => sum + f.landmarks.positions[i].x, 0) / fits.length,
      y: fits.reduce((sum, f) => sum + f.landmarks.positions[i].y, 0) / fits.length,
    }));
    const crop = alignedCrop(tf, input, points);
    try {
      return await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(crop);
    } finally {
      crop.dispose();
    }
  }

  /** Variant: the mean descriptor of the aligned square and four shifted/scaled copies of it. */
  async function jittered(input, rect, plain) {
    const sum = [...plain];
    const s = rect.width;
    const moves = [
      [0.04 * s, 0, 1],
      [-0.04 * s, 0, 1],
      [0, 0.04 * s, 1],
      [0, -0.04 * s, 1],
      [0, 0, 1.06],
      [0, 0, 0.94],
    ];
    for (const [dx, dy, k] of moves) {
      const side = s * k;
      const moved = new faceapi.Rect(
        rect.x + dx + (s - side) / 2,
        rect.y + dy + (rect.height - rect.height * k) / 2,
        side,
        rect.height * k,
      );
      const [crop] = await faceapi.extractFaceTensors(input, [moved]);
      const d = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(crop);
      crop.dispose();
      for (let i = 0; i < sum.length; i++) sum[i] += d[i];
    }
    return sum.map((v) => v / (moves.length + 1));
  }

  try {
    // References: photos 1-3 of each person enrolled as pictures are (SSD, whole photo).
    /** @type {Record<string, { plain: number[], flip: number[] }[]>} */
    const refs = {};
    /** @type {Record<string, Record<number, { plain: number[], flip: number[] }[]>>} */
    const smallRefs = {};
    for (const person of PEOPLE) {
      refs[person] = [];
      smallRefs[person] = {};
      for (const n of [1, 2, 3]) {
        const file = path.join(facesDir, person, `${person}${n}.png`);
        // As the enrolment handler reads and searches a picture.
        const whole = await readPicture(file, binaries);
        const face = (await facesInPicture(whole, model))[0];
        // The flip variant of a reference: the same photo through the video pass, mirrored too.
        const again = largest(await videoFaces(whole));
        refs[person].push({
          plain: face.embedding,
          flip: again?.flip ?? face.embedding,
          jitter: again?.jitter ?? face.embedding,
        });
        for (const side of sides) {
          const seen = largest(await videoFaces(await shown(file, side, PLACES[0])));
          (smallRefs[person][side] ??= []).push(seen ?? null);
        }
      }
    }
    // Shown: photos 2-5 (photo 1 is the one-reference enrolment; 4-5 for three references).
    const shownFaces = [];
    let index = 0;
    for (const person of PEOPLE) {
      for (const n of [2, 3, 4, 5]) {
        const file = path.join(facesDir, person, `${person}${n}.png`);
        for (const side of sides) {
          const place = PLACES[index++ % PLACES.length];
          const face = largest(await videoFaces(await shown(file, side, place)));
          shownFaces.push({ who: person, photo: n, side, face: face ?? null });
        }
      }
    }
    // Strangers: each face of face-api's demo photos cut as a portrait (2.2x the face, centred).
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const file = path.join(demo, `sample${n}.jpg`);
      const whole = await picture(file);
      const faces = await facesInPicture(whole, model);
      for (const [k, { box }] of faces.entries()) {
        const size = Math.round(
          Math.min(2.2 * Math.max(box.width, box.height), whole.width, whole.height),
        );
        const x = Math.round(
          Math.min(Math.max(0, box.x + box.width / 2 - size / 2), whole.width - size),
        );
        const y = Math.round(
          Math.min(Math.max(0, box.y + box.height / 2 - size / 2), whole.height - size),
        );
        for (const side of sides) {
          const place = PLACES[index++ % PLACES.length];
          const face = largest(
            await videoFaces(await shown(file, side, place, `crop=${size}:${size}:${x}:${y}`)),
          );
          shownFaces.push({ who: `stranger${n}.${k}`, photo: 0, side, face: face ?? null });
        }
      }
    }
    const out = { sides, refs, smallRefs, shownFaces };
    if (args.json) writeFileSync(args.json, JSON.stringify(out));
    return out;
  } finally {
    await model.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Each person's nearest references as a gallery: the references' own embeddings (plain), their
 * flip variants, or (matched) those plus the reference photos' as shown at the face's side.
 */
function gallery(data, nRefs, variant, side) {
  return Object.keys(data.refs).map((person) => {
    const refs = data.refs[person]
      .slice(0, nRefs)
      .map((r) => (variant === 'flip' || variant === 'jitter' ? r[variant] : r.plain));
    if (variant === 'matched') {
      for (const r of data.smallRefs[person][side].slice(0, nRefs)) if (r) refs.push(r.plain);
    }
    return { person, refs };
  });
}

/**
 * The shown face's embedding in a variant: the worker's (plain, also for matched, whose change is
 * in the references), flip, up, jitter, or upmean (the mean of plain and up: two samplings of one
 * face averaged).
 */
function embeddingOf(face, variant) {
  if (variant === 'upmean') return face.plain.map((v, i) => (v + face.up[i]) / 2);
  return ['flip', 'up', 'jitter', 'subpixel', 'lmavg'].includes(variant)
    ? face[variant]
    : face.plain;
}

/** Distances by side, and what each threshold and margin would name. */
function report(data) {
  for (const nRefs of [1, 3]) {
    // With three references photos 4-5 are shown, with one photos 2-5; strangers always.
    const shownNow = data.shownFaces.filter(
      (s) => s.who.startsWith('stranger') || s.photo >= (nRefs === 1 ? 2 : 4),
    );
    for (const variant of args.variants.split(',')) {
      console.log(`references ${nRefs}, embedding ${variant}:`);
      const rows = shownNow.map((s) => {
        if (!s.face) return { ...s, found: false };
        const embedding = embeddingOf(s.face, variant);
        const ranked = gallery(data, nRefs, variant, s.side)
          .map(({ person, refs }) => ({
            person,
            d: Math.min(...refs.map((r) => distance(embedding, r))),
          }))
          .sort((a, b) => a.d - b.d);
        const own = ranked.find((r) => r.person === s.who);
        return { ...s, found: true, best: ranked[0], second: ranked[1], own };
      });
      for (const side of data.sides) {
        const people = rows.filter((r) => r.side === side && !r.who.startsWith('stranger'));
        const found = people.filter((r) => r.found);
        const own = found.map((r) => r.own.d).sort((a, b) => a - b);
        const heights = found.map((r) => r.face.box.height).sort((a, b) => a - b);
        const strangers = rows.filter(
          (r) => r.side === side && r.who.startsWith('stranger') && r.found,
        );
        const nearest = strangers.map((r) => r.best.d).sort((a, b) => a - b);
        console.log(
          `  side ${side}: found ${found.length}/${people.length} (faces ${heights[0]?.toFixed(0)}-${heights.at(-1)?.toFixed(0)} px), ` +
            `own distance median ${own[own.length >> 1]?.toFixed(3)}, max ${own.at(-1)?.toFixed(3)}, nearest is own ${found.filter((r) => r.best.person === r.who).length}; ` +
            `strangers found ${strangers.length}, nearest ${nearest[0]?.toFixed(3) ?? '-'}`,
        );
      }
      for (const threshold of [0.55, 0.58, 0.6, 0.62]) {
        for (const margin of [0.17, 0.14, 0.12]) {
          let right = 0;
          let wrong = 0;
          let strangersNamed = 0;
          const shown = rows.filter((r) => !r.who.startsWith('stranger')).length;
          for (const r of rows.filter((row) => row.found)) {
            const ok = r.best.d <= threshold && r.second.d - r.best.d >= margin;
            if (r.who.startsWith('stranger')) strangersNamed += ok ? 1 : 0;
            else if (ok && r.best.person === r.who) right += 1;
            else if (ok) wrong += 1;
          }
          console.log(
            `  threshold ${threshold}, margin ${margin}: named right ${right}/${shown}, wrongly ${wrong}, strangers named ${strangersNamed}`,
          );
        }
      }
    }
  }
}
