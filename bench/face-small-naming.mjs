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
// averaged over seven shifted or scaled boxes (lmavg), that cut averaged with its mirror image
// (subflip; references averaged with their mirror alike), and up cut as subpixel is (subup). Prints distances by face size and what each
// rule would name; asserts nothing. A probe: it calls FaceApiModel's private
// `facesInVideo` and face-api itself, so that the variants see the worker's own detections.
//
//   node_modules/.bin/node bench/face-small-naming.mjs [--sides 40,48,56,64,80,100]
//     [--json out.json] [--load out.json] [--zooms 704,960] [--zoom-box second|own]
//     [--zoom-min-score 0.05] [--variants plain,subpixel,...]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { frameReaders } from './face-small-naming-frames.mjs';
import { report } from './face-small-naming-report.mjs';
import { videoFaceReader } from './face-small-naming-variants.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const worker = path.join(repoRoot, 'workers/video');
const facesDir = path.join(repoRoot, '../shared/fixtures/faces');
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

const largest = (faces) =>
  faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];

if (args.load) report(JSON.parse(readFileSync(args.load, 'utf8')), args.variants.split(','));
else report(await measure(), args.variants.split(','));

/** Every face measured (references, the people shown, strangers), written to --json if given. */
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
  const probe = { model, faceapi, tf: faceapi.tf, alignedCrop, landmarkMisfit, ifWanted };
  const folder = mkdtempSync(path.join(tmpdir(), 'face-small-'));
  let place = 0;
  const bench = {
    model,
    videoFaces: videoFaceReader(probe),
    ...frameReaders(binaries, folder),
    // The places shown faces take in turn, people and strangers alike.
    nextPlace: () => PLACES[place++ % PLACES.length],
  };
  try {
    const { refs, smallRefs } = await measureReferences(bench);
    const shownFaces = [...(await measurePeople(bench)), ...(await measureStrangers(bench))];
    const out = { sides, refs, smallRefs, shownFaces };
    if (args.json) writeFileSync(args.json, JSON.stringify(out));
    return out;
  } finally {
    await model.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * References: photos 1-3 of each person enrolled as pictures are (SSD, whole photo), and each
 * shown at every side (the matched variant's).
 */
async function measureReferences({ model, videoFaces, shown }) {
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
        // subflip: the enrolled embedding averaged with the mirror of the photo's subpixel cut.
        subflip: again?.mirror
          ? face.embedding.map((v, i) => (v + again.mirror[i]) / 2)
          : face.embedding,
      });
      for (const side of sides) {
        const seen = largest(await videoFaces(await shown(file, side, PLACES[0])));
        (smallRefs[person][side] ??= []).push(seen ?? null);
      }
    }
  }
  return { refs, smallRefs };
}

/** Shown: photos 2-5 (photo 1 is the one-reference enrolment; 4-5 for three references). */
async function measurePeople({ videoFaces, shown, nextPlace }) {
  const shownFaces = [];
  for (const person of PEOPLE) {
    for (const n of [2, 3, 4, 5]) {
      const file = path.join(facesDir, person, `${person}${n}.png`);
      for (const side of sides) {
        const face = largest(await videoFaces(await shown(file, side, nextPlace())));
        shownFaces.push({ who: person, photo: n, side, face: face ?? null });
      }
    }
  }
  return shownFaces;
}

/** Strangers: each face of face-api's demo photos cut as a portrait (2.2x the face, centred). */
async function measureStrangers({ model, videoFaces, shown, picture, nextPlace }) {
  const shownFaces = [];
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
        const crop = `crop=${size}:${size}:${x}:${y}`;
        const face = largest(await videoFaces(await shown(file, side, nextPlace(), crop)));
        shownFaces.push({ who: `stranger${n}.${k}`, photo: 0, side, face: face ?? null });
      }
    }
  }
  return shownFaces;
}
