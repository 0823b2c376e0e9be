// Benchmark: the face-matching threshold and margin, measured rather than picked.
//
// Every face of the fixture photos (../shared/fixtures/faces: five photos of each of four people,
// and the faces of the two group photos, labelled by eye) is embedded by the worker's face model,
// as a profile picture is (SSD MobileNet v1, then landmarks and the 128-d descriptor). Over all
// pairs of fixture faces it prints the curve of false rejects (one person's faces farther apart
// than the threshold) and false accepts (two people's faces within it), and the threshold chosen
// from it: the largest hundredth at least 0.01 below the nearest pair of two different people.
// The margin (faces/references.ts) is chosen the same way: 0.01 below the smallest gap, over the
// fixture faces named right, between the right person and the next. Then it names each fixture
// face with the worker's own rule (`nameFace`) against one reference per person (photo 1, the
// profile photo: right after enrolment) and three (photos 1-3: with reference photos), at the
// previous constant (--previous, no margin) and at the measured ones.
//
// A held-out set, never used for a choice, is measured beside it: the faces of face-api's demo
// photos (22 young women in six pictures shipped in the npm package), as strangers to the fixture
// people and to each other (half of them enrolled, the other half shown).
// Prints figures, never asserts.
//
// With --human (the folder of an installed @vladmandic/human, which is no dependency), one man
// in eleven photos of its assets is held out too, for recall: enrolled from one or three of them
// among 27 other people, his other photos shown.
//
//   node_modules/.bin/node bench/face-threshold.mjs [--previous 0.55] [--margins 0,0.05,0.1]
//     [--save faces.json] [--load faces.json] [--human /tmp/h/node_modules/@vladmandic/human]
//
// Needs the built worker (`npx turbo run build`) and ffmpeg (the npm one or Debian's).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const facesDir = path.join(repoRoot, '../shared/fixtures/faces');
const worker = path.join(repoRoot, 'workers/video');
const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    /** The constant used before this measurement, shown beside the measured one. */
    previous: { type: 'string', default: '0.55' },
    margins: { type: 'string', default: '0,0.05,0.1' },
    /** Keeps the embeddings found, or reads them back instead of running the model. */
    save: { type: 'string' },
    load: { type: 'string' },
    /**
     * The folder of an installed @vladmandic/human package (not a dependency: install it
     * anywhere): its assets/screenshot-facematch.jpg shows one man in many photos, held-out
     * faces of one person, for recall.
     */
    human: { type: 'string' },
  },
});

/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(worker, 'dist', file)).href);
const require = createRequire(path.join(worker, 'package.json'));
const packageFile = (/** @type {string} */ name, /** @type {string} */ file) =>
  path.join(path.dirname(require.resolve(`${name}/package.json`)), file);

const PEOPLE = ['amy', 'bernadette', 'howard', 'leonard'];

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
async function decode(binaries, file, filter = 'null', size = 'source') {
  const probe = await run(binaries.ffprobe, [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
    ...['-of', 'csv=p=0', file],
  ]);
  const [width, height] = (size === 'source' ? probe.stdout.trim() : size).split(',').map(Number);
  const output = ['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'];
  const { stdout } = await run(
    binaries.ffmpeg,
    ['-v', 'error', '-i', file, '-vf', filter, ...output],
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

/** Every face of the fixtures and of the held-out pictures, embedded by the worker's model. */
async function embedAll() {
  const { FaceApiModel } = await importDist('faces/face-api-model.js');
  const { facesInPicture } = await importDist('enrolment-job.js');
  const { findBinaries } = await importDist('frames/binaries.js');
  const binaries = findBinaries();
  const model = await FaceApiModel.load({ backend: 'wasm', minConfidence: 0.3 });
  /** @type {(source: string, file: string) => Promise<Face[]>} */
  const detect = async (source, file) =>
    (await model.detect(await decode(binaries, file), 'picture')).map(
      (/** @type {Omit<Face, 'source' | 'person'>} */ f) => ({ ...f, source, person: '' }),
    );
  /** @type {Face[]} */
  const fixtures = [];
  for (const person of PEOPLE) {
    for (const n of [1, 2, 3, 4, 5]) {
      const file = path.join(facesDir, person, `${person}${n}.png`);
      const [face] = await facesInPicture(await decode(binaries, file), model);
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
  if (args.human) {
    const file = path.join(args.human, 'assets/screenshot-facematch.jpg');
    for (const tile of MAN_TILES) {
      const frame = await decode(binaries, file, tile.filter, '312,336');
      const [face] = await facesInPicture(frame, model);
      if (face) heldOut.push({ ...face, source: tile.label, person: 'held-out man' });
      else console.log(`${tile.label}: no face found`);
    }
  }
  await model.close();
  return { model: model.name, fixtures, heldOut };
}

const boxText = (/** @type {Face} */ f) =>
  `${Math.round(f.box.x + f.box.width / 2)},${Math.round(f.box.y + f.box.height / 2)}/${Math.round(f.box.width)}`;

const data = args.load ? JSON.parse(readFileSync(args.load, 'utf8')) : await embedAll();
if (args.save) writeFileSync(args.save, JSON.stringify(data));
console.log(
  `model: ${data.model}; ${data.fixtures.length} fixture faces, ${data.heldOut.length} held-out`,
);

const { nameFace, enrolledPeople } = await importDist('faces/references.js');
/** Every fixture face is embedded by the one model: one embedding space. */
const SPACE = 'bench';
const { distance } = await importDist('faces/vectors.js');
/** @type {Face[]} */
const fixtures = data.fixtures;
const MAN = 'held-out man';
/** @type {Face[]} */
const heldOut = data.heldOut.filter((/** @type {Face} */ f) => f.person !== MAN);
/** @type {Face[]} */
const man = data.heldOut.filter((/** @type {Face} */ f) => f.person === MAN);
const previous = Number(args.previous);
const margins = (args.margins ?? '0').split(',').map(Number);
/** Faces of people in the group photos other than the labelled ones are each their own. */
const isStranger = (/** @type {string} */ person) => !PEOPLE.includes(person);

/** Distances of all pairs of faces: same person (genuine) or not (impostor). */
function pairs(/** @type {Face[]} */ faces) {
  /** @type {number[]} */ const genuine = [];
  /** @type {{ d: number, a: Face, b: Face }[]} */ const impostor = [];
  faces.forEach((a, i) =>
    faces.slice(i + 1).forEach((b) => {
      const d = distance(a.embedding, b.embedding);
      if (a.person === b.person) genuine.push(d);
      else impostor.push({ d, a, b });
    }),
  );
  return { genuine, impostor: impostor.sort((x, y) => x.d - y.d) };
}

const fixturePairs = pairs(fixtures);
const heldOutImpostors = pairs(heldOut).impostor.map((p) => p.d);
const count = (/** @type {number[]} */ list, /** @type {(d: number) => boolean} */ test) =>
  list.filter(test).length;
console.log(
  `\nCurve over all pairs of fixture faces (${fixturePairs.genuine.length} genuine, ` +
    `${fixturePairs.impostor.length} impostor); held-out impostor pairs (${heldOutImpostors.length}) beside it, not used for the choice:`,
);
console.log(
  '  threshold  false rejects (genuine > t)  false accepts (impostor <= t)  held-out false accepts',
);
for (let t = 0.4; t <= 0.705; t += 0.02) {
  const rejects = count(fixturePairs.genuine, (d) => d > t);
  const accepts = count(
    fixturePairs.impostor.map((p) => p.d),
    (d) => d <= t,
  );
  const held = count(heldOutImpostors, (d) => d <= t);
  const rate = (/** @type {number} */ n, /** @type {number} */ of) =>
    `${String(n).padStart(3)} (${(n / of).toFixed(3)})`;
  console.log(
    `  ${t.toFixed(2).padEnd(9)}  ${rate(rejects, fixturePairs.genuine.length).padEnd(27)}  ` +
      `${rate(accepts, fixturePairs.impostor.length).padEnd(29)}  ${rate(held, heldOutImpostors.length)}`,
  );
}
const nearest = fixturePairs.impostor[0];
if (!nearest) throw new Error('No impostor pair among the fixture faces');
/** One hundredth below the nearest pair of two fixture people, rounded down to hundredths. */
const chosen = Math.floor((nearest.d - 0.01) * 100) / 100;
console.log(
  `  nearest impostor pair: ${nearest.d.toFixed(3)} (${nearest.a.source} ${nearest.a.person} / ` +
    `${nearest.b.source} ${nearest.b.person}); farthest genuine pair: ${Math.max(...fixturePairs.genuine).toFixed(3)}`,
);
console.log(
  `chosen threshold: ${chosen.toFixed(2)} (the largest in hundredths at least 0.01 below the nearest ` +
    `impostor pair); previous constant ${previous.toFixed(2)}`,
);

/**
 * Names each query face with the worker's rule against the references, and counts: enrolled
 * people named right, named as someone else, missed, and strangers named.
 * @param {Face[]} references @param {Face[]} queries @param {{ threshold: number, margin: number }} rule
 */
function naming(references, queries, rule) {
  const people = enrolledPeople(
    references.map((f) => ({
      userId: PEOPLE.indexOf(f.person),
      name: f.person,
      embedding: f.embedding,
      space: SPACE,
    })),
    { space: SPACE, length: references[0]?.embedding.length ?? 0 },
  );
  const enrolled = new Set(references.map((f) => f.person));
  const tally = { right: 0, wrong: 0, missed: 0, enrolled: 0, strangersNamed: 0, strangers: 0 };
  for (const face of queries) {
    const named = nameFace(face.embedding, people, rule)?.person.name;
    if (enrolled.has(face.person)) {
      tally.enrolled += 1;
      if (named === face.person) tally.right += 1;
      else if (named) tally.wrong += 1;
      else tally.missed += 1;
    } else {
      tally.strangers += 1;
      if (named) tally.strangersNamed += 1;
    }
  }
  return tally;
}

/** The number of a fixture person's own photo (amy3: 3); 0 for faces of the group photos. */
const photo = (/** @type {Face} */ f) =>
  f.source.startsWith(f.person) ? Number(f.source.slice(f.person.length)) : 0;
const SETUPS = [
  { label: 'profile photo only (photo 1)', photos: [1] },
  { label: 'profile + 2 reference photos (1-3)', photos: [1, 2, 3] },
];
/**
 * The margin, measured like the threshold on the fixtures alone: for every fixture face of an
 * enrolled person named right in either setup, how much farther the next other person lies.
 * The margin chosen is 0.01 below the smallest such gap (rounded down), so that no right name
 * of the fixtures is lost; the held-out figures below show what it buys.
 */
function smallestGap(/** @type {number} */ threshold) {
  let gap = Infinity;
  for (const setup of SETUPS) {
    const references = fixtures.filter((f) => setup.photos.includes(photo(f)));
    const people = enrolledPeople(
      references.map((f) => ({
        userId: PEOPLE.indexOf(f.person),
        name: f.person,
        embedding: f.embedding,
        space: SPACE,
      })),
      { space: SPACE, length: 128 },
    );
    for (const face of fixtures.filter((f) => !references.includes(f) && !isStranger(f.person))) {
      const named = nameFace(face.embedding, people, { threshold, margin: 0 });
      if (named?.person.name !== face.person) continue;
      /** @type {{ name: string, references: number[][] }[]} */
      const others = people.filter((/** @type {{ name: string }} */ p) => p.name !== face.person);
      const next = Math.min(
        ...others.map((p) => Math.min(...p.references.map((r) => distance(face.embedding, r)))),
      );
      gap = Math.min(gap, next - named.distance);
    }
  }
  return gap;
}
const gap = smallestGap(chosen);
const chosenMargin = Math.max(0, Math.floor((gap - 0.01) * 100) / 100);
console.log(
  `\nsmallest gap between the right person and the next at ${chosen.toFixed(2)}: ${gap.toFixed(3)}; ` +
    `chosen margin: ${chosenMargin.toFixed(2)} (previously none)`,
);
if (!margins.includes(chosenMargin)) margins.push(chosenMargin);
console.log(
  "\nNaming each fixture face not used as a reference (the other photos, the group photos' faces)" +
    ' and, as strangers, every held-out face; right / wrong person / missed of enrolled faces, strangers named:',
);
for (const setup of SETUPS) {
  const references = fixtures.filter((f) => setup.photos.includes(photo(f)));
  const queries = [...fixtures.filter((f) => !references.includes(f)), ...heldOut];
  for (const threshold of [...new Set([previous, chosen])]) {
    for (const margin of margins) {
      const t = naming(references, queries, { threshold, margin });
      console.log(
        `  ${setup.label.padEnd(36)} t ${threshold.toFixed(2)} margin ${margin.toFixed(2)}: ` +
          `right ${t.right}/${t.enrolled} (recall ${(t.right / t.enrolled).toFixed(3)}), wrong ${t.wrong}, ` +
          `missed ${t.missed}; strangers named ${t.strangersNamed}/${t.strangers}`,
      );
    }
  }
}

/**
 * Held-out people among themselves: the women of half the pictures enrolled, the other half
 * shown; each is a stranger to the enrolled, so every name given is a false accept.
 */
console.log(
  '\nHeld-out people among themselves (enrolled: faces of samples 1-3, shown: 4-6, and back):',
);
const half = (/** @type {Face} */ f) => /sample[123]#/.test(f.person);
for (const threshold of [...new Set([previous, chosen])]) {
  for (const margin of margins) {
    let named = 0;
    /** @type {[Face[], Face[]][]} */
    const splits = [
      [heldOut.filter(half), heldOut.filter((f) => !half(f))],
      [heldOut.filter((f) => !half(f)), heldOut.filter(half)],
    ];
    for (const [enrolled, shown] of splits) {
      const people = enrolledPeople(
        enrolled.map((f, i) => ({
          userId: i,
          name: f.person,
          embedding: f.embedding,
          space: SPACE,
        })),
        { space: SPACE, length: 128 },
      );
      named += shown.filter((f) => nameFace(f.embedding, people, { threshold, margin })).length;
    }
    console.log(
      `  t ${threshold.toFixed(2)} margin ${margin.toFixed(2)}: strangers named ${named}/${heldOut.length}`,
    );
  }
}

/**
 * Held-out recall: the man of human's screenshot (--human) enrolled from his first tile (or his
 * first three) in an organization of 27 people (the fixture people's photo 1, the 22 held-out
 * women), his other tiles shown.
 */
if (man.length > 1) {
  const genuine = pairs(man).genuine;
  console.log(
    `\nHeld-out man, ${man.length} photos: his ${genuine.length} pairs lie ${Math.min(...genuine).toFixed(3)}-` +
      `${Math.max(...genuine).toFixed(3)} apart; named among 27 other enrolled people:`,
  );
  const others = [...fixtures.filter((f) => photo(f) === 1), ...heldOut];
  for (const count of [1, 3]) {
    for (const threshold of [...new Set([previous, chosen])]) {
      for (const margin of [...new Set([0, chosenMargin])]) {
        const people = enrolledPeople(
          [...others, ...man.slice(0, count)].map((f, i) => ({
            userId: f.person === MAN ? -1 : i,
            name: f.person,
            embedding: f.embedding,
            space: SPACE,
          })),
          { space: SPACE, length: 128 },
        );
        const names = man
          .slice(count)
          .map((f) => nameFace(f.embedding, people, { threshold, margin })?.person.name);
        const right = names.filter((name) => name === MAN).length;
        const wrong = names.filter((name) => name && name !== MAN).length;
        console.log(
          `  ${count} reference(s), t ${threshold.toFixed(2)} margin ${margin.toFixed(2)}: ` +
            `right ${right}/${names.length} (recall ${(right / names.length).toFixed(3)}), wrong ${wrong}`,
        );
      }
    }
  }
}
