import type { FaceEnrolment } from '@hub/proto/jobs';
import type { PersonCluster } from './clustering.ts';
import { appearanceRanges, mergeRanges, type TimeRange } from './time-ranges.ts';
import { mean } from './vectors.ts';
import {
  distanceTo,
  enrolledPeople,
  nameAppearance,
  type EnrolledPerson,
  type Naming,
  type NamingRule,
} from './references.ts';

export interface IdentifiedPerson {
  userId: number;
  name: string;
  /** Smallest distance of one of the person's faces to them (`distanceTo`). */
  distance: number;
  appearances: TimeRange[];
  /** The sampled frames the person was seen in (`framesOf`). */
  frames: number[];
}

export interface Identification {
  detectedOperators: number;
  identifiedOperators: IdentifiedPerson[];
  unidentifiedPeople: { appearances: TimeRange[]; frames: number[] }[];
  identificationRate: number;
}

export interface MatchOptions extends NamingRule {
  /** The worker's embedding space: only enrolments of this space are compared (enrolledPeople). */
  space: string;
  /** Seconds between samples: one sighting covers this long. */
  interval: number;
  /** Sightings this close (seconds) make one appearance. */
  maxGap: number;
  duration: number;
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The indexes of the sampled frames a person was seen in, ascending: the report keeps them so a
 * review can tell two people seen together (one frame) from one person seen with a gap, which
 * the appearances' times cannot.
 */
const framesOf = (person: PersonCluster): number[] =>
  [...new Set(person.sightings.map((sighting) => sighting.frame))].sort((a, b) => a - b);

/**
 * Names each person whose frames are named by `nameAppearance`: their mean near enough to an
 * enrolled person (the video's organization's, nobody else's; a person may have several
 * references, `distanceTo`), clearly nearer them than anyone else, and most of its frames nearest
 * them too.
 * People matched to the same user are one person seen in several stretches; if two people seen
 * at the same moment match the same user, only the nearer one is taken for them.
 */
export function identifyPeople(
  people: readonly PersonCluster[],
  enrolments: readonly FaceEnrolment[],
  options: MatchOptions,
): Identification {
  return identify(people, enrolments, options).identification;
}

/** Clusters named after one user as one: their sightings, and the mean of their centroids. */
function joined(clusters: readonly PersonCluster[]): PersonCluster {
  return {
    sightings: clusters.flatMap((cluster) => cluster.sightings),
    centroid: mean(
      clusters.map((cluster) => cluster.centroid),
      clusters.map((cluster) => cluster.sightings.length),
    ),
  };
}

/** Each user's clusters as one identified person, with that person's joined cluster. */
function identifiedIn(
  byUser: Map<number, { person: EnrolledPerson; people: PersonCluster[] }>,
  rangesOf: (person: PersonCluster) => TimeRange[],
  maxGap: number,
): { cluster: PersonCluster; operator: IdentifiedPerson }[] {
  return [...byUser.values()]
    .map(({ person, people: matched }) => {
      const cluster = joined(matched);
      const operator: IdentifiedPerson = {
        userId: person.userId,
        name: person.name,
        distance: round(
          Math.min(...cluster.sightings.map((sighting) => distanceTo(sighting.embedding, person))),
        ),
        appearances: mergeRanges(matched.map(rangesOf), maxGap),
        frames: framesOf(cluster),
      };
      return { cluster, operator };
    })
    .sort(
      (a, b) =>
        a.operator.appearances[0]!.start - b.operator.appearances[0]!.start ||
        a.operator.userId - b.operator.userId,
    );
}

/**
 * The identification, and the clusters of its people in the order of its two lists: the worker
 * keeps the unidentified people's faces for grouping with the organization's other unknown
 * faces, and the identified ones' in case a supervisor rejects the match (the face is then
 * unknown, and grouped too).
 */
export function identify(
  people: readonly PersonCluster[],
  enrolments: readonly FaceEnrolment[],
  options: MatchOptions,
): {
  identification: Identification;
  unknown: PersonCluster[];
  identified: PersonCluster[];
} {
  const rangesOf = (person: PersonCluster) =>
    appearanceRanges(
      person.sightings.map((sighting) => sighting.time),
      options,
    );
  const { byUser, unidentified } = assignToUsers(nameClusters(people, enrolments, options));
  const known = identifiedIn(byUser, rangesOf, options.maxGap);
  const identifiedOperators = known.map(({ operator }) => operator);
  const unknown = unidentified
    .map((cluster) => ({ cluster, appearances: rangesOf(cluster) }))
    .sort((a, b) => a.appearances[0]!.start - b.appearances[0]!.start);
  const unidentifiedPeople = unknown.map(({ cluster, appearances }) => ({
    appearances,
    frames: framesOf(cluster),
  }));
  const detectedOperators = identifiedOperators.length + unidentifiedPeople.length;
  return {
    identification: {
      detectedOperators,
      identifiedOperators,
      unidentifiedPeople,
      identificationRate:
        detectedOperators === 0 ? 0 : round(identifiedOperators.length / detectedOperators),
    },
    unknown: unknown.map(({ cluster }) => cluster),
    identified: known.map(({ cluster }) => cluster),
  };
}

/** Each cluster with the person `nameAppearance` gives it (or none), nearest first. */
function nameClusters(
  people: readonly PersonCluster[],
  enrolments: readonly FaceEnrolment[],
  rule: NamingRule & { space: string },
): { cluster: PersonCluster; naming: Naming | null }[] {
  // Only the enrolments of the worker's space (and of the face's length) are compared; the
  // people are grouped once a length, as all the faces of one model have one.
  const comparableByLength = new Map<number, EnrolledPerson[]>();
  const comparableWith = (length: number) => {
    const known =
      comparableByLength.get(length) ?? enrolledPeople(enrolments, { space: rule.space, length });
    comparableByLength.set(length, known);
    return known;
  };
  return people
    .map((cluster) => ({
      cluster,
      naming: nameAppearance(
        cluster.centroid,
        cluster.sightings.map((sighting) => sighting.embedding),
        comparableWith(cluster.centroid.length),
        rule,
      ),
    }))
    .sort((a, b) => (a.naming?.distance ?? Infinity) - (b.naming?.distance ?? Infinity));
}

/**
 * Clusters named after the same user are one person seen in several stretches; a cluster seen in
 * a frame where a nearer cluster already took that user is someone else, left unidentified.
 */
function assignToUsers(named: { cluster: PersonCluster; naming: Naming | null }[]) {
  const byUser = new Map<number, { person: EnrolledPerson; people: PersonCluster[] }>();
  const unidentified: PersonCluster[] = [];
  for (const { cluster, naming } of named) {
    const entry =
      naming && (byUser.get(naming.person.userId) ?? { person: naming.person, people: [] });
    const frames = new Set(entry?.people.flatMap((p) => p.sightings.map((s) => s.frame)));
    if (!entry || cluster.sightings.some((sighting) => frames.has(sighting.frame))) {
      unidentified.push(cluster);
      continue;
    }
    entry.people.push(cluster);
    byUser.set(entry.person.userId, entry);
  }
  return { byUser, unidentified };
}
