// The faces face-threshold.mjs measures: every face of the fixture photos (labelled group
// photos included) and of the held-out pictures, embedded by the worker's built face model as a
// profile picture is.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const facesDir = path.join(repoRoot, '../shared/fixtures/faces');
const worker = path.join(repoRoot, 'workers/video');
const run = promisify(execFile);

/** @param {string} file */
export const importDist = (file) => import(pathToFileURL(path.join(worker, 'dist', file)).href);
const require = createRequire(path.join(worker, 'package.json'));
const packageFile = (/** @type {string} */ name, /** @type {string} */ file) =>
  path.join(path.dirname(require.resolve(`${name}/package.json`)), file);

export const PEOPLE = ['amy', 'bernadette', 'howard', 'leonard'];

/**
 * Group photos: who sits where, by the centre of the face in the picture's own pixels, checked
 * by eye. Sheldon is no fixture person (he is never enrolled) but is in both. Faces not listed
 * are strangers, each of their own.
 * @type {Record<string, { person: string, x: number, y: number }[]>}
 */
const GROUP_LABELS = {
  // Raj, Leonard (glasses), Howard, Sheldon on the sofa.
  bbt1: [
    { person: 'leonard', x: 517, y: 202 },
    { person: 'howard', x: 775, y: 185 },
    { person: 'sheldon', x: 1052, y: 141 },
  ],
  // Leonard and Sheldon at a table, a half-cut man at the left edge.
  bbt2: [
    { person: 'leonard', x: 133, y: 169 },
    { person: 'sheldon', x: 417, y: 169 },
  ],
};

/**
 * Held-out pictures: faces in sample pictures shipped inside npm packages, never used in
 * development or in choosing the threshold. face-api's demo photos each show a few young women,
 * each taken here for a person of her own.
 */
const HELD_OUT = [1, 2, 3, 4, 5, 6].map((n) => ({
  label: `face-api sample${n}`,
  file: packageFile('@vladmandic/face-api', `demo/sample${n}.jpg`),
}));

/**
 * The first eleven tiles of the top row of human's screenshot-facematch.jpg (1920×954): the same
 * man (checked by eye) in eleven photos, each tile about 107 px wide, cut 104×112 and padded with
 * grey so that SSD finds a face that fills it. Human ranked the row by its own similarity, so
 * these are his photos that look most alike to human's model; his harder photos are not here.
 */
const MAN_TILES = Array.from({ length: 11 }, (_, i) => ({
  label: `human facematch tile ${i + 1}`,
  filter: `crop=104:112:${Math.round(i * 107.2)}:282,pad=312:336:104:112:color=gray`,
}));

/**
 * @typedef {{ source: string, person: string, box: { x: number, y: number, width: number,
 *   height: number }, embedding: number[] }} Face
 */

/**
 * A picture decoded to RGB at its own size (the group photos' faces are small).
 * @param {{ ffmpeg: string, ffprobe: string }} binaries @param {string} file
 * @param {string} [filter] an ffmpeg filter to apply @param {string} [size] 'w,h' it gives
 */
async function decode(binaries, file, filter = 'null', size = 'source', mirror = false) {
  const probe = await run(binaries.ffprobe, [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
    ...['-of', 'csv=p=0', file],
  ]);
  const [width, height] = (size === 'source' ? probe.stdout.trim() : size).split(',').map(Number);
  const output = ['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'];
  const { stdout } = await run(
    binaries.ffmpeg,
    ['-v', 'error', '-i', file, '-vf', mirror ? `${filter},hflip` : filter, ...output],
    { encoding: 'buffer', maxBuffer: 1 << 28 },
  );
  if (!width || !height || stdout.length !== width * height * 3) {
    throw new Error(`${file}: could not read its size`);
  }
  return { width, height, data: new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.length) };
}

/**
 * The face nearest a labelled centre, if one lies within its own width of it.
 * @param {Face[]} found @param {{ x: number, y: number }} at
 */
function faceAt(found, at) {
  const centre = (/** @type {Face} */ f) => ({
    x: f.box.x + f.box.width / 2,
    y: f.box.y + f.box.height / 2,
  });
  const away = (/** @type {Face} */ f) => Math.hypot(centre(f).x - at.x, centre(f).y - at.y);
  const nearest = [...found].sort((a, b) => away(a) - away(b))[0];
  return nearest && away(nearest) < nearest.box.width ? nearest : undefined;
}

/**
 * Every face of the fixtures and of the held-out pictures, embedded by the worker's model; with
 * `humanDir` (an installed @vladmandic/human), the held-out man of its assets too. With `mirror`
 * every picture is read mirrored (ffmpeg's hflip) and the boxes mirrored back, so that each face
 * can be paired with its unmirrored self (face-threshold.mjs --mirror, #52).
 * @param {string | undefined} humanDir @param {{ mirror?: boolean }} [options]
 */
export async function embedAll(humanDir, { mirror = false } = {}) {
  const { FaceApiModel } = await importDist('faces/face-api-model.js');
  const { facesInPicture } = await importDist('enrolment-job.js');
  const { findBinaries } = await importDist('frames/binaries.js');
  const binaries = findBinaries();
  const model = await FaceApiModel.load({ backend: 'wasm', minConfidence: 0.3 });
  /** A picture as read for embedding, and its faces' boxes back in the picture's own pixels. */
  const read = (/** @type {string} */ file, filter = 'null', size = 'source') =>
    decode(binaries, file, filter, size, mirror);
  const unmirrored = (/** @type {Face[]} */ faces, /** @type {{ width: number }} */ frame) =>
    mirror
      ? faces.map((f) => ({ ...f, box: { ...f.box, x: frame.width - f.box.x - f.box.width } }))
      : faces;
  /** @type {(source: string, file: string) => Promise<Face[]>} */
  const detect = async (source, file) => {
    const frame = await read(file);
    return unmirrored(await model.detect(frame, 'picture'), frame).map(
      (/** @type {Omit<Face, 'source' | 'person'>} */ f) => ({ ...f, source, person: '' }),
    );
  };
  /** @type {Face[]} */
  const fixtures = [];
  for (const person of PEOPLE) {
    for (const n of [1, 2, 3, 4, 5]) {
      const file = path.join(facesDir, person, `${person}${n}.png`);
      const frame = await read(file);
      const [face] = unmirrored(await facesInPicture(frame, model), frame);
      if (face) fixtures.push({ ...face, source: `${person}${n}`, person });
      else console.log(`${person}${n}: no face found`);
    }
  }
  for (const [group, labels] of Object.entries(GROUP_LABELS)) {
    const found = await detect(group, path.join(facesDir, `${group}.jpg`));
    console.log(`${group}: ${found.length} faces at ${found.map(boxText).join(' ')}`);
    found.forEach((f, i) => (f.person = `${group}-stranger${i}`));
    for (const label of labels) {
      const face = faceAt(found, label);
      if (face) face.person = label.person;
      else console.log(`${group}: ${label.person} not found at ${label.x},${label.y}`);
    }
    fixtures.push(...found);
  }
  /** @type {Face[]} */
  const heldOut = [];
  for (const picture of HELD_OUT) {
    const found = await detect(picture.label, picture.file);
    found.forEach((f, i) => (f.person = `${picture.label}#${i}`));
    heldOut.push(...found);
  }
  if (humanDir) {
    const file = path.join(humanDir, 'assets/screenshot-facematch.jpg');
    for (const tile of MAN_TILES) {
      const frame = await read(file, tile.filter, '312,336');
      const [face] = unmirrored(await facesInPicture(frame, model), frame);
      if (face) heldOut.push({ ...face, source: tile.label, person: 'held-out man' });
      else console.log(`${tile.label}: no face found`);
    }
  }
  await model.close();
  return { model: model.name, fixtures, heldOut };
}

const boxText = (/** @type {Face} */ f) =>
  `${Math.round(f.box.x + f.box.width / 2)},${Math.round(f.box.y + f.box.height / 2)}/${Math.round(f.box.width)}`;
