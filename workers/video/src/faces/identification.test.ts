import type { FaceEnrolment } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { clusterFaces, DEFAULT_CLUSTER_OPTIONS, overlap, type FaceSighting } from './clustering.ts';
import { identify, identifyPeople } from './matching.ts';
import { CENTRE_ALLOWANCE, notYetEnrolledIn } from './references.ts';
import { appearanceRanges, mergeRanges } from './time-ranges.ts';

const DIM = 8;
/** A unit-ish vector pointing at one axis: people far apart (distance ~1.41). */
const axis = (index: number, scale = 1) =>
  Array.from({ length: DIM }, (_, i) => (i === index ? scale : 0));
/** A small, deterministic wobble, as one person's faces differ between frames. */
const jitter = (vector: number[], seed: number, size = 0.05) =>
  vector.map((value, i) => value + size * Math.sin(seed * 7.1 + i * 3.3));

const LEFT = { x: 10, y: 10, width: 100, height: 100 };
const RIGHT = { x: 400, y: 10, width: 100, height: 100 };

function sightings(person: number, frames: number[], box = LEFT, fps = 1): FaceSighting[] {
  return frames.map((frame) => ({
    frame,
    time: frame / fps,
    box,
    embedding: jitter(axis(person), frame + person * 100),
  }));
}

/** The space of the video's faces in these tests. */
const SPACE = 'face-api@1.7.15/face-recognition-128d';

const enrol = (userId: number, person: number, name = `User ${userId}`): FaceEnrolment => ({
  userId,
  name,
  embedding: jitter(axis(person), 999 + person),
  space: SPACE,
});

const matchOptions = {
  threshold: 0.55,
  margin: 0,
  interval: 1,
  maxGap: 2,
  duration: 60,
  space: SPACE,
};

describe('time ranges', () => {
  it('gives each sighting one interval and joins those with small gaps', () => {
    const ranges = appearanceRanges([0, 1, 2, 4, 10, 11], {
      interval: 1,
      maxGap: 1,
      duration: 11.5,
    });
    expect(ranges).toEqual([
      { start: 0, end: 5 },
      { start: 10, end: 11.5 },
    ]);
  });

  it('merges overlapping and close ranges of several lists', () => {
    expect(
      mergeRanges(
        [
          [{ start: 0, end: 3 }],
          [
            { start: 4, end: 6 },
            { start: 20, end: 21 },
          ],
        ],
        2,
      ),
    ).toEqual([
      { start: 0, end: 6 },
      { start: 20, end: 21 },
    ]);
  });
});

describe('clustering faces into people', () => {
  it('measures box overlap', () => {
    expect(overlap(LEFT, LEFT)).toBe(1);
    expect(overlap(LEFT, RIGHT)).toBe(0);
  });

  it('keeps one person seen in several stretches as one, and two people apart', () => {
    const faces = [
      ...sightings(0, [0, 1, 2, 3]),
      ...sightings(1, [4, 5, 6]),
      ...sightings(0, [10, 11], RIGHT),
    ];
    const people = clusterFaces(faces);
    expect(people).toHaveLength(2);
    expect(people[0]!.sightings.map((s) => s.frame)).toEqual([0, 1, 2, 3, 10, 11]);
    expect(people[1]!.sightings.map((s) => s.frame)).toEqual([4, 5, 6]);
  });

  it('never merges two faces of one frame, however alike', () => {
    const twins = [...sightings(0, [0, 1]), ...sightings(0, [0, 1], RIGHT)];
    expect(clusterFaces(twins)).toHaveLength(2);
  });

  it('follows a face that changes slowly through a track, even past the merge threshold', () => {
    // Drifts from person 0 to person 0 + 0.6 on axis 1 over 7 frames, in one place.
    const drifting = Array.from({ length: 7 }, (_, frame) => ({
      frame,
      time: frame,
      box: LEFT,
      embedding: axis(0).map((value, i) => (i === 1 ? frame * 0.1 : value)),
    }));
    expect(clusterFaces(drifting, DEFAULT_CLUSTER_OPTIONS)).toHaveLength(1);
  });
});

describe('matching people to enrolments', () => {
  it('names enrolled people, leaves others unidentified and computes the rate', () => {
    const people = clusterFaces([
      ...sightings(0, [0, 1, 2]),
      ...sightings(1, [3, 4]),
      ...sightings(2, [5, 6, 7, 8], RIGHT),
    ]);
    const result = identifyPeople(
      people,
      [enrol(10, 0, 'Amy'), enrol(20, 2, 'Howard')],
      matchOptions,
    );
    expect(result.detectedOperators).toBe(3);
    expect(result.identifiedOperators.map((p) => [p.userId, p.name])).toEqual([
      [10, 'Amy'],
      [20, 'Howard'],
    ]);
    expect(result.identifiedOperators[0]!.appearances).toEqual([{ start: 0, end: 3 }]);
    expect(result.identifiedOperators[0]!.distance).toBeLessThan(0.2);
    expect(result.unidentifiedPeople).toEqual([
      { appearances: [{ start: 3, end: 5 }], frames: [3, 4] },
    ]);
    expect(result.identificationRate).toBeCloseTo(2 / 3, 4);
  });

  it('matches no one beyond the threshold and ignores embeddings of another length', () => {
    const people = clusterFaces(sightings(0, [0, 1]));
    const far = { ...enrol(1, 0, 'Far'), embedding: axis(0, 1.7) };
    const damaged = { ...enrol(2, 0, 'Other'), embedding: [1, 0, 0] };
    const result = identifyPeople(people, [far, damaged], matchOptions);
    expect(result.identifiedOperators).toEqual([]);
    expect(result.identificationRate).toBe(0);
  });

  it('never compares an enrolment of another space, even of the same length', () => {
    const people = clusterFaces(sightings(0, [0, 1]));
    const elsewhere = { ...enrol(1, 0, 'Amy'), space: 'face-api@2.0.0/face-recognition-128d' };
    expect(identifyPeople(people, [elsewhere], matchOptions).identifiedOperators).toEqual([]);
    // The same embedding in the faces' space names her: only the space kept them apart.
    const here = { ...elsewhere, space: SPACE };
    const named = identifyPeople(people, [elsewhere, here], matchOptions).identifiedOperators;
    expect(named.map((person) => person.userId)).toEqual([1]);
  });

  it("keeps each identified person's face in the order of the list, for a rejection", () => {
    const people = clusterFaces([
      ...sightings(2, [0, 1], RIGHT),
      ...sightings(0, [3, 4]),
      ...sightings(1, [6, 7]),
    ]);
    const enrolments = [enrol(10, 0, 'Amy'), enrol(20, 2, 'Howard')];
    const { identification, identified, unknown } = identify(people, enrolments, matchOptions);
    expect(identification.identifiedOperators.map((p) => p.name)).toEqual(['Howard', 'Amy']);
    expect(identified.map((cluster) => cluster.sightings.map((s) => s.frame))).toEqual([
      [0, 1],
      [3, 4],
    ]);
    expect(identified[0]!.centroid.indexOf(Math.max(...identified[0]!.centroid))).toBe(2);
    expect(unknown).toHaveLength(1);
  });

  it('keeps one face of a user matched by several clusters: their sightings, weighted', () => {
    const a = { sightings: sightings(0, [0, 1, 2]), centroid: axis(0) };
    const b = { sightings: sightings(0, [20]), centroid: axis(0, 0.6) };
    const { identified } = identify([a, b], [enrol(7, 0)], matchOptions);
    expect(identified).toHaveLength(1);
    expect(identified[0]!.sightings).toHaveLength(4);
    expect(identified[0]!.centroid[0]).toBeCloseTo(0.9, 6);
  });

  it('counts one user matched by several clusters once, with all appearances', () => {
    const a = { sightings: sightings(0, [0, 1]), centroid: axis(0) };
    const b = { sightings: sightings(0, [20, 21]), centroid: jitter(axis(0), 5, 0.1) };
    const result = identifyPeople([a, b], [enrol(7, 0)], matchOptions);
    expect(result.detectedOperators).toBe(1);
    expect(result.identifiedOperators[0]!.appearances).toEqual([
      { start: 0, end: 2 },
      { start: 20, end: 22 },
    ]);
    expect(result.identifiedOperators[0]!.frames).toEqual([0, 1, 20, 21]);
  });

  it('gives a user to only the nearer of two people seen at the same moment', () => {
    const near = { sightings: sightings(0, [0, 1]), centroid: axis(0) };
    const alike = { sightings: sightings(0, [0, 1], RIGHT), centroid: jitter(axis(0), 3, 0.15) };
    const result = identifyPeople([near, alike], [enrol(7, 0)], matchOptions);
    expect(result.identifiedOperators).toHaveLength(1);
    expect(result.unidentifiedPeople).toHaveLength(1);
    expect(result.detectedOperators).toBe(2);
    // Their frames tell a review the two were seen together, which their times alone do not.
    expect(result.identifiedOperators[0]!.frames).toEqual([0, 1]);
    expect(result.unidentifiedPeople[0]!.frames).toEqual([0, 1]);
  });

  it('reports nothing for a video without faces', () => {
    expect(identifyPeople([], [enrol(1, 0)], matchOptions)).toEqual({
      detectedOperators: 0,
      identifiedOperators: [],
      unidentifiedPeople: [],
      identificationRate: 0,
    });
  });

  it("takes the runner-up of the margin among other people, never the person's own references", () => {
    const people = clusterFaces(sightings(0, [0, 1]));
    const references = [enrol(7, 0), { ...enrol(7, 0), embedding: jitter(axis(0), 6) }];
    const result = identifyPeople(people, references, { ...matchOptions, margin: 0.2 });
    expect(result.identifiedOperators.map((p) => p.userId)).toEqual([7]);
  });

  it('names nobody for a face almost as near another person as the nearest (margin)', () => {
    // Halfway between two enrolled people, within the threshold of both.
    const between = axis(0).map((value, i) => (i === 1 ? 0.5 : value * 0.5));
    const person = { sightings: sightings(0, [0, 1]), centroid: between };
    const two = [enrol(7, 0), { ...enrol(8, 1, 'B'), embedding: axis(1, 1).map((v) => v * 0.5) }];
    two[0] = { ...two[0]!, embedding: axis(0, 0.5) };
    expect(identifyPeople([person], two, matchOptions).identifiedOperators).toHaveLength(1);
    const strict = identifyPeople([person], two, { ...matchOptions, margin: 0.05 });
    expect(strict.identifiedOperators).toEqual([]);
    expect(strict.unidentifiedPeople).toHaveLength(1);
  });
});

describe("a person's several references and their mean", () => {
  /** A user's references: their face `axis(0)` moved 0.6 along three other axes in turn. */
  const spread = (userId: number) =>
    [1, 2, 3].map((other) => ({
      ...enrol(userId, 0),
      embedding: axis(0).map((value, i) => (i === other ? 0.6 : value)),
    }));
  /** A face of two frames whose mean is `face`. */
  const seen = (face: number[]) => ({
    sightings: sightings(0, [0, 1]).map((s) => ({ ...s, embedding: face })),
    centroid: face,
  });
  const stranger = { ...enrol(8, 5, 'B'), embedding: axis(5) };

  it('names a face beyond the threshold of each reference but near their mean', () => {
    // 0.6 from each reference, 0.35 from their mean (0.37 with CENTRE_ALLOWANCE).
    const result = identifyPeople([seen(axis(0))], [...spread(7), stranger], matchOptions);
    expect(result.identifiedOperators.map((p) => p.userId)).toEqual([7]);
    expect(result.identifiedOperators[0]!.distance).toBeCloseTo(0.346 + CENTRE_ALLOWANCE, 3);
  });

  it('holds the mean CENTRE_ALLOWANCE nearer than the threshold', () => {
    const centre = axis(0).map((value, i) => (i >= 1 && i <= 3 ? 0.2 : value));
    const within = centre.map((value, i) => (i === 6 ? 0.52 : value));
    const beyond = centre.map((value, i) => (i === 6 ? 0.54 : value));
    const enrolments = [...spread(7), stranger];
    expect(
      identifyPeople([seen(within)], enrolments, matchOptions).identifiedOperators,
    ).toHaveLength(1);
    const far = identifyPeople([seen(beyond)], enrolments, matchOptions);
    expect(far.identifiedOperators).toEqual([]);
    expect(far.unidentifiedPeople).toHaveLength(1);
  });
});

describe('people who cannot be named yet', () => {
  it("lists the service's pending people, then those with no enrolment of the model's space", () => {
    const upgraded = { ...enrol(2, 1, 'Bea'), space: 'face-api@0.0.1/face-recognition-128d' };
    const both = [enrol(3, 2, 'Cy'), { ...enrol(3, 2, 'Cy'), space: upgraded.space }];
    const pending = [{ userId: 4, name: 'Dee' }];
    expect(
      notYetEnrolledIn(SPACE, [enrol(1, 0, 'Al'), upgraded, upgraded, ...both], pending),
    ).toEqual([
      { userId: 4, name: 'Dee' },
      { userId: 2, name: 'Bea' },
    ]);
  });

  it('lists nobody twice, nor anyone when every person has an enrolment of the space', () => {
    const stale = { ...enrol(2, 1, 'Bea'), space: 'old' };
    expect(notYetEnrolledIn(SPACE, [stale], [{ userId: 2, name: 'Bea' }])).toEqual([
      { userId: 2, name: 'Bea' },
    ]);
    expect(notYetEnrolledIn(SPACE, [enrol(1, 0, 'Al')])).toEqual([]);
  });
});

describe('agreement across the frames of an appearance', () => {
  /** A vector of the first two axes: people A (1, 0) and B (0, 1) of the tests' space. */
  const at = (a: number, b: number) => Array.from({ length: DIM }, (_, i) => [a, b][i] ?? 0);
  const A: FaceEnrolment = { userId: 1, name: 'A', embedding: at(1, 0), space: SPACE };
  const B: FaceEnrolment = { userId: 2, name: 'B', embedding: at(0, 1), space: SPACE };
  const cluster = (frames: number[][]) => ({
    sightings: frames.map((embedding, frame) => ({ frame, time: frame, box: LEFT, embedding })),
    centroid: frames[0]!.map((_, i) => frames.reduce((sum, f) => sum + f[i]!, 0) / frames.length),
  });

  it('leaves unknown a mean face that most of its frames do not resemble', () => {
    // The mean (0.97, 0.2) lies 0.2 from A, but two of the three frames lie nearer B.
    const blend = cluster([at(0.45, 0.55), at(0.45, 0.55), at(2, -0.5)]);
    const { identification } = identify([blend], [A, B], { ...matchOptions, margin: 0.17 });
    expect(identification.identifiedOperators).toEqual([]);
    expect(identification.unidentifiedPeople).toHaveLength(1);
  });

  it('names an appearance whose frames agree', () => {
    const steady = cluster([at(0.9, 0.1), at(0.8, 0.2), at(1, 0)]);
    const { identification } = identify([steady], [A, B], { ...matchOptions, margin: 0.17 });
    expect(identification.identifiedOperators.map((o) => o.name)).toEqual(['A']);
  });
});
