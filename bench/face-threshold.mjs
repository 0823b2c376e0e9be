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
//     [--mirror]
//
// --mirror: the curve and rules of mirror-averaged embeddings (test-time augmentation, #52):
// every picture read mirrored too, each face's descriptor averaged with its mirror's.
//
// Needs the built worker (`npx turbo run build`) and ffmpeg (the npm one or Debian's).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { embedAll, importDist, PEOPLE } from './face-threshold-faces.mjs';

/** @typedef {import('./face-threshold-faces.mjs').Face} Face */
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
    /**
     * Test-time augmentation (#52): each face's embedding averaged with its mirror image's (the
     * pictures read mirrored, faces paired by box), for the curve of mirror-averaged embeddings.
     */
    mirror: { type: 'boolean', default: false },
  },
});

const data = args.load
  ? JSON.parse(readFileSync(args.load, 'utf8'))
  : args.mirror
    ? mirrorAveraged(await embedAll(args.human), await embedAll(args.human, { mirror: true }))
    : await embedAll(args.human);
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

/**
 * Each face's embedding averaged with its mirrored self's: the one face of the same picture, or
 * of several the one whose box centre lies nearest (within its width); a face without one is
 * left out.
 */
/** @typedef {{ model: string, fixtures: Face[], heldOut: Face[] }} Embedded */
/** @param {Embedded} plain @param {Embedded} mirrored @returns {Embedded} */
function mirrorAveraged(plain, mirrored) {
  const centre = (/** @type {Face} */ f) => ({
    x: f.box.x + f.box.width / 2,
    y: f.box.y + f.box.height / 2,
  });
  const pair = (/** @type {Face[]} */ faces, /** @type {Face[]} */ others) =>
    faces.flatMap((f) => {
      const at = centre(f);
      const away = (/** @type {Face} */ o) => Math.hypot(centre(o).x - at.x, centre(o).y - at.y);
      const same = others.filter((o) => o.source === f.source);
      const alone = same.length === 1 && faces.filter((o) => o.source === f.source).length === 1;
      const twin = same.sort((a, b) => away(a) - away(b))[0];
      // A portrait's one face is its twin whatever its box (facesInPicture may pad the picture).
      if (!twin || (!alone && away(twin) > f.box.width)) return [];
      const embedding = f.embedding.map((v, i) => (v + (twin.embedding[i] ?? v)) / 2);
      return [{ ...f, embedding }];
    });
  return {
    model: `${plain.model} (mirror-averaged)`,
    fixtures: pair(plain.fixtures, mirrored.fixtures),
    heldOut: pair(plain.heldOut, mirrored.heldOut),
  };
}
