// Who face-identification.mjs enrols and shows: the fixture people by default, or a set of
// people kept anywhere else (--people DIR, --strangers DIR), so that held-out people never in
// the repository are measured by the same video, handlers and scoring.
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const facesDir = path.join(repoRoot, '../shared/fixtures/faces');
const faceApiPackage = createRequire(path.join(repoRoot, 'workers/video/package.json')).resolve(
  '@vladmandic/face-api/package.json',
);
const FIXTURE_PEOPLE = ['amy', 'bernadette', 'howard', 'leonard'];
const PICTURE = /\.(png|jpe?g|webp)$/i;
/** The sides (px) the people's pictures are shown at in turn, unless --sides says others. */
export const SIDES = [150, 300, 200];
const PLACES = [
  ['(W-w)/2', '(H-h)/2'],
  ['W/8', 'H/6'],
  ['W*5/8', 'H/3'],
  ['W/3', 'H/2'],
];

/**
 * Folders of a --people set that are no person: `groups/` (several of the people in one
 * picture) and `partial/` (part of a face), as in ../shared/fixtures/faces-dev. Who is in each
 * picture is read from its name (`obama_and_biden.jpg`, `kit_with_rose.jpg`: a person's folder
 * name or its first word), or from PICTURED for names that say nobody.
 */
const SHARED_FOLDERS = ['groups', 'partial'];
/** Pictures whose names do not say who is in them, checked by eye. */
const PICTURED = { 'two_people.jpg': ['obama', 'biden'] };

/**
 * @typedef {{ name: string, userId: number, enrolled: string[], shown: string[] }} BenchPerson
 * @typedef {{ label: string, file: string, side: number, place: string[], people: string[] }} Segment
 */

/**
 * The list's entry at `index`, counting round from its start again past its end.
 * @template T
 * @param {T[]} list
 * @param {number} index
 * @returns {T}
 */
const cycle = (list, index) => /** @type {T} */ (list[index % list.length]);

/** The pictures of a folder, by name. @param {string} dir */
const picturesIn = (dir) =>
  readdirSync(dir)
    .filter((file) => PICTURE.test(file))
    .sort()
    .map((file) => path.join(dir, file));

/**
 * The people: each with the pictures enrolled (the first `references` by name: a profile photo,
 * then reference photos) and the others, shown in the video.
 * @param {string | undefined} peopleDir a folder of one folder a person, named after them
 * @param {number} references
 * @returns {BenchPerson[]}
 */
export function benchPeople(peopleDir, references) {
  const folders = peopleDir
    ? readdirSync(peopleDir)
        .filter((name) => statSync(path.join(peopleDir, name)).isDirectory())
        .filter((name) => !SHARED_FOLDERS.includes(name))
        .sort()
        .map((name) => ({ name, pictures: picturesIn(path.join(peopleDir, name)) }))
    : FIXTURE_PEOPLE.map((name) => ({
        name,
        pictures: [1, 2, 3, 4, 5].map((n) => path.join(facesDir, name, `${name}${n}.png`)),
      }));
  return folders.map(({ name, pictures }, index) => ({
    name,
    userId: index + 1,
    enrolled: pictures.slice(0, references),
    shown: pictures.slice(references),
  }));
}

/**
 * The segments of the video, 2 s each: every person's shown pictures in rounds (a picture of each
 * person in turn, as long as they have one left), at changing sizes and places; with the fixture people, their two group photos
 * among strangers; then the strangers, people enrolled nowhere, where any name is a false accept:
 * the pictures of `strangersDir`, or face-api's demo photos (women never used in development).
 * @param {BenchPerson[]} people
 * @param {{ fixtures: boolean, strangersDir?: string, peopleDir?: string, sides?: number[] }} options
 * @returns {Segment[]}
 */
export function benchSegments(people, { fixtures, strangersDir, peopleDir, sides = SIDES }) {
  /** @type {Segment[]} */
  const list = [];
  const rounds = Math.max(0, ...people.map((person) => person.shown.length));
  let index = 0;
  for (let round = 0; round < rounds; round++) {
    for (const person of people) {
      const file = person.shown[round];
      if (!file) continue;
      const label = path.basename(file).replace(PICTURE, '');
      const side = cycle(sides, index);
      list.push({ label, file, side, place: cycle(PLACES, index), people: [person.name] });
      index += 1;
    }
    if (fixtures && round === 1) list.push(group('bbt1', ['leonard', 'howard']));
  }
  if (fixtures) list.push(group('bbt2', ['leonard']));
  if (peopleDir) list.push(...sharedPictures(peopleDir, people));
  const strangers = strangersDir
    ? picturesIn(strangersDir)
    : [1, 2, 3, 4, 5, 6].map((n) =>
        path.join(path.dirname(faceApiPackage), 'demo', `sample${n}.jpg`),
      );
  for (const file of strangers) {
    list.push({
      label: path.basename(file).replace(PICTURE, ''),
      file,
      side: 0,
      place: [],
      people: [],
    });
  }
  return list;
}

/** A fixture group photo, shown whole. @param {string} name @param {string[]} people @returns {Segment} */
function group(name, people) {
  return { label: name, file: path.join(facesDir, `${name}.jpg`), side: 0, place: [], people };
}

/**
 * The pictures of a --people set's `groups/` and `partial/` folders, shown whole, each with the
 * people in it. A picture naming nobody of the set is an error: it would count as strangers.
 * @param {string} peopleDir @param {BenchPerson[]} people @returns {Segment[]}
 */
function sharedPictures(peopleDir, people) {
  /** @type {Record<string, string[]>} */
  const pictured = PICTURED;
  return SHARED_FOLDERS.flatMap((folder) => {
    const dir = path.join(peopleDir, folder);
    let files;
    try {
      files = picturesIn(dir);
    } catch {
      return [];
    }
    return files.map((file) => {
      const name = path.basename(file).toLowerCase();
      const words = name.replace(PICTURE, '').split(/[^a-z]+/);
      const inName = people
        .filter((person) => {
          const folderName = person.name.toLowerCase();
          return words.includes(folderName.split('_')[0] ?? '') || name.includes(folderName);
        })
        .map((person) => person.name);
      const who = pictured[path.basename(file)] ?? inName;
      if (who.length === 0) throw new Error(`Who is in ${file}? Its name says nobody of the set`);
      const label = `${folder}/${path.basename(file).replace(PICTURE, '')}`;
      return { label, file, side: 0, place: [], people: who };
    });
  });
}
