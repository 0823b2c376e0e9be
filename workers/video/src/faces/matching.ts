import type { FaceEnrolment } from '@hub/proto/jobs';
import type { PersonCluster } from './clustering.ts';
import { appearanceRanges, mergeRanges, type TimeRange } from './time-ranges.ts';
import { distance } from './vectors.ts';

export interface IdentifiedPerson {
  userId: number;
  name: string;
  /** Smallest distance of one of the person's faces to the enrolment. */
  distance: number;
  appearances: TimeRange[];
}

export interface Identification {
  detectedOperators: number;
  identifiedOperators: IdentifiedPerson[];
  unidentifiedPeople: { appearances: TimeRange[] }[];
  identificationRate: number;
}

export interface MatchOptions {
  threshold: number;
  /** Seconds between samples: one sighting covers this long. */
  interval: number;
  /** Sightings this close (seconds) make one appearance. */
  maxGap: number;
  duration: number;
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Names each person whose representative embedding lies within the threshold of one of the
 * enrolments given (the video's organization's, nobody else's). People matched to the same user
 * are one person seen in several stretches; if two people seen at the same moment match the same
 * user, only the nearer one is taken for them.
 */
export function identifyPeople(
  people: readonly PersonCluster[],
  enrolments: readonly FaceEnrolment[],
  options: MatchOptions,
): Identification {
  const rangesOf = (person: PersonCluster) =>
    appearanceRanges(
      person.sightings.map((sighting) => sighting.time),
      options,
    );
  const candidates = people
    .map((person) => {
      let best: { enrolment: FaceEnrolment; cost: number } | null = null;
      for (const enrolment of enrolments) {
        if (enrolment.embedding.length !== person.centroid.length) continue;
        const cost = distance(person.centroid, enrolment.embedding);
        if (cost <= options.threshold && (!best || cost < best.cost)) best = { enrolment, cost };
      }
      return { person, best };
    })
    .sort((a, b) => (a.best?.cost ?? Infinity) - (b.best?.cost ?? Infinity));

  const byUser = new Map<number, { enrolment: FaceEnrolment; people: PersonCluster[] }>();
  const unidentified: PersonCluster[] = [];
  for (const { person, best } of candidates) {
    if (!best) {
      unidentified.push(person);
      continue;
    }
    const entry = byUser.get(best.enrolment.userId) ?? { enrolment: best.enrolment, people: [] };
    const frames = new Set(entry.people.flatMap((p) => p.sightings.map((s) => s.frame)));
    if (person.sightings.some((sighting) => frames.has(sighting.frame))) {
      unidentified.push(person);
      continue;
    }
    entry.people.push(person);
    byUser.set(best.enrolment.userId, entry);
  }

  const identifiedOperators = [...byUser.values()]
    .map(({ enrolment, people: matched }) => ({
      userId: enrolment.userId,
      name: enrolment.name,
      distance: round(
        Math.min(
          ...matched.flatMap((person) =>
            person.sightings.map((sighting) => distance(sighting.embedding, enrolment.embedding)),
          ),
        ),
      ),
      appearances: mergeRanges(matched.map(rangesOf), options.maxGap),
    }))
    .sort((a, b) => a.appearances[0]!.start - b.appearances[0]!.start || a.userId - b.userId);
  const unidentifiedPeople = unidentified
    .map((person) => ({ appearances: rangesOf(person) }))
    .sort((a, b) => a.appearances[0]!.start - b.appearances[0]!.start);
  const detectedOperators = identifiedOperators.length + unidentifiedPeople.length;
  return {
    detectedOperators,
    identifiedOperators,
    unidentifiedPeople,
    identificationRate:
      detectedOperators === 0 ? 0 : round(identifiedOperators.length / detectedOperators),
  };
}
