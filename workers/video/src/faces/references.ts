import type { FaceEnrolment, NotYetEnrolled } from '@hub/proto/jobs';
import { distance, mean, type Vector } from './vectors.ts';

/** One enrolled person with every reference embedding they have (profile and reference photos). */
export interface EnrolledPerson {
  userId: number;
  name: string;
  references: Vector[];
  /** The mean of the references (with one, the reference itself). */
  centre: Vector;
}

/**
 * How much farther a face is counted from the mean of a person's references than it lies. A
 * person with several references is measured against their mean, a steadier picture of them than
 * any one photo (on the tuning set, `../shared/fixtures/faces`, it names more faces than the
 * nearest photo with as many strangers: docs/benchmarks.md); but a mean lies nearer everyone
 * else too: the nearest other person came to 0.546 of the mean of two or three of a person's
 * photos, against 0.566 of a single photo. The threshold's rule (the largest hundredth at least
 * 0.01 below the nearest other person) gives 0.53 for a mean and 0.55 for a photo, so a mean is
 * held 0.02 nearer: the one threshold then serves people of one reference and of several.
 */
export const CENTRE_ALLOWANCE = 0.02;

/** When a face is given a name. */
export interface NamingRule {
  /** The face must lie at most this far from the person (`distanceTo`). */
  threshold: number;
  /**
   * And the next other person must lie at least this much farther: a face halfway between two
   * enrolled people is nobody's. 0 turns the rule off.
   */
  margin: number;
}

/**
 * Of the frames of an appearance, the share whose own face must lie nearest the person its mean
 * face is named after: a name the frames do not agree on is not given. More than half: with two
 * frames, both. On the fixtures every named appearance had all its frames agree.
 */
export const MIN_FRAME_AGREEMENT = 0.5;

export interface Naming {
  person: EnrolledPerson;
  /** Distance to the person (`distanceTo`). */
  distance: number;
}

/** The embeddings a face can be compared with: of its space, and of its length. */
export interface Comparable {
  space: string;
  length: number;
}

/**
 * The enrolments grouped by person, keeping only embeddings of the face's space: those of another
 * space are never compared, even of the same length. One of the right space but another length
 * is damaged (a space has one dimension), and left out too rather than measured as NaN.
 */
export function enrolledPeople(
  enrolments: readonly FaceEnrolment[],
  comparable: Comparable,
): EnrolledPerson[] {
  const grouped = new Map<number, Omit<EnrolledPerson, 'centre'>>();
  for (const enrolment of enrolments) {
    if (enrolment.space !== comparable.space) continue;
    if (enrolment.embedding.length !== comparable.length) continue;
    const person = grouped.get(enrolment.userId) ?? {
      userId: enrolment.userId,
      name: enrolment.name,
      references: [],
    };
    person.references.push(enrolment.embedding);
    grouped.set(enrolment.userId, person);
  }
  return [...grouped.values()].map((person) => ({ ...person, centre: mean(person.references) }));
}

/**
 * Who cannot be named yet: people whose profile picture the service said was still being enrolled
 * (`fromService`), and people none of whose enrolments is of `space`, the model's (after an
 * upgrade of the embedder, their pictures are being enrolled again). Each once, in that order.
 */
export function notYetEnrolledIn(
  space: string,
  enrolments: readonly FaceEnrolment[],
  fromService: readonly NotYetEnrolled[] = [],
): NotYetEnrolled[] {
  const people = new Map(fromService.map((person) => [person.userId, person]));
  const enrolled = new Set(enrolments.filter((e) => e.space === space).map((e) => e.userId));
  for (const { userId, name } of enrolments) {
    if (!enrolled.has(userId) && !people.has(userId)) people.set(userId, { userId, name });
  }
  return [...people.values()];
}

/**
 * Distance of an embedding to a person: to their reference, or with several to their mean plus
 * CENTRE_ALLOWANCE.
 */
export function distanceTo(embedding: Vector, person: EnrolledPerson): number {
  const allowance = person.references.length > 1 ? CENTRE_ALLOWANCE : 0;
  return distance(embedding, person.centre) + allowance;
}

/**
 * Who a face is: the nearest person (`distanceTo`), if they lie within the threshold and the
 * second-nearest person lies at least the margin farther; otherwise nobody.
 */
export function nameFace(
  embedding: Vector,
  people: readonly EnrolledPerson[],
  rule: NamingRule,
): Naming | null {
  let best: Naming | null = null;
  let second = Infinity;
  for (const person of people) {
    const cost = distanceTo(embedding, person);
    if (!best || cost < best.distance) {
      if (best) second = best.distance;
      best = { person, distance: cost };
    } else {
      second = Math.min(second, cost);
    }
  }
  if (!best || best.distance > rule.threshold) return null;
  return second - best.distance >= rule.margin ? best : null;
}

/** The enrolled person nearest a face, whatever the distance; null when there is nobody. */
function nearestPerson(
  embedding: Vector,
  people: readonly EnrolledPerson[],
): EnrolledPerson | null {
  let best: EnrolledPerson | null = null;
  let nearest = Infinity;
  for (const person of people) {
    const cost = distanceTo(embedding, person);
    if (cost < nearest) [best, nearest] = [person, cost];
  }
  return best;
}

/**
 * Who the faces of one appearance (the frames of a track or cluster) are: `nameFace` of their
 * mean, given only if more than MIN_FRAME_AGREEMENT of the frames, each on its own, lie nearest
 * that same person. One frame's face is far noisier than the mean, so each frame is not held to
 * the threshold, only asked whom it resembles most; a mean that names someone most frames do not
 * resemble is a blend of faces, and unknown is better than a wrong name.
 */
export function nameAppearance(
  mean: Vector,
  frames: readonly Vector[],
  people: readonly EnrolledPerson[],
  rule: NamingRule,
): Naming | null {
  const naming = nameFace(mean, people, rule);
  if (!naming || frames.length === 0) return naming;
  const agreeing = frames.filter(
    (frame) => nearestPerson(frame, people)?.userId === naming.person.userId,
  ).length;
  return agreeing / frames.length > MIN_FRAME_AGREEMENT ? naming : null;
}
