import type { AnalysisReport, UnknownFaceFound } from '@hub/proto';
import type { EntityManager } from 'typeorm';
import type { ObjectStorage } from '@hub/kit';
import type { KeptReview } from '../review/face-review.repository.js';
import { type Reapplied, reapplyReviews } from '../review/reapply-reviews.js';
import { nearestGroup, unknownLabel } from './grouping.js';
import type {
  KeptFaces,
  NewUnknownFace,
  UnknownPeopleRepository,
} from './unknown-people.repository.js';

/** Each unidentified face of the report with the unknown person it was grouped with. */
export function labelReport(
  report: AnalysisReport,
  people: ReadonlyMap<string, { id: number; number: number }>,
): AnalysisReport {
  return {
    ...report,
    unidentifiedPeople: report.unidentifiedPeople.map((face) => {
      const person = face.faceId ? people.get(face.faceId) : undefined;
      return person
        ? {
            ...face,
            unknownPerson: {
              id: person.id,
              number: person.number,
              label: unknownLabel(person.number),
            },
          }
        : face;
    }),
  };
}

/**
 * The worker's faces with the ids the report gives them: `numbered` is the worker's report once
 * numbered, whose unidentified people are in the order the worker indexed them.
 */
export function withReportIds(
  numbered: AnalysisReport,
  found: readonly UnknownFaceFound[],
): NewUnknownFace[] {
  return found.flatMap((face) => {
    const person = numbered.unidentifiedPeople[face.index];
    return person?.faceId
      ? [{ ...face, faceId: person.faceId, appearances: person.appearances }]
      : [];
  });
}

/** The worker's faces of both lists of the report, with the report's ids (see withReportIds). */
export function keptFaces(
  numbered: AnalysisReport,
  message: { unknownFaces?: UnknownFaceFound[]; identifiedFaces?: UnknownFaceFound[] },
): KeptFaces {
  const identified = (message.identifiedFaces ?? []).flatMap((face) => {
    const operator = numbered.identifiedOperators[face.index];
    return operator?.faceId
      ? [
          {
            ...face,
            faceId: operator.faceId,
            appearances: operator.appearances,
            userId: operator.userId,
          },
        ]
      : [];
  });
  return { unknown: withReportIds(numbered, message.unknownFaces ?? []), identified };
}

/**
 * The kept faces as the reviews applied again left them: a face rejected again is unknown, and
 * grouped; a face named again is the member's, kept as identified.
 */
export function afterReviews(kept: KeptFaces, reviewed: Reapplied): KeptFaces {
  // Whose a face is once reviewed: the member named, or the member identified unless rejected.
  const owner = (face: NewUnknownFace, identifiedAs?: number) =>
    reviewed.named.get(face.faceId) ??
    (reviewed.rejected.has(face.faceId) ? undefined : identifiedAs);
  const faces = [
    ...kept.unknown.map((face) => ({ face, userId: owner(face) })),
    ...kept.identified.map((face) => ({ face, userId: owner(face, face.userId) })),
  ];
  return {
    unknown: faces.flatMap(({ face, userId }) => (userId === undefined ? [face] : [])),
    identified: faces.flatMap(({ face, userId }) =>
      userId === undefined ? [] : [{ ...face, userId }],
    ),
  };
}

/**
 * Faces whose match a supervisor rejected join the organization's unknown people (see
 * nearestGroup for the rule), in the transaction that rejected them; the report labels them.
 */
export async function groupRejected(
  repository: UnknownPeopleRepository,
  tx: EntityManager,
  where: { organizationId: number; videoId: number; faceIds: readonly string[] },
  report: AnalysisReport,
): Promise<AnalysisReport> {
  const people = new Map<string, { id: number; number: number }>();
  for (const faceId of where.faceIds) {
    const person = await repository.groupRejected(tx, { ...where, faceId }, (face, groups) =>
      nearestGroup(face, groups, report.matchThreshold),
    );
    if (person) people.set(faceId, person);
  }
  return labelReport(report, people);
}

/**
 * Completes a run with the video's earlier reviews applied again, its unknown faces grouped with
 * the organization's unknown people (see nearestGroup for the rule) and its report labelled with
 * them, at once. Crops of a run that is
 * not the video's running one any more, and of faces a new run replaced, are removed: nothing
 * keeps a face nobody can see. Undefined when the run did not complete here.
 */
export async function completeWithUnknownFaces<T>(
  deps: { repository: UnknownPeopleRepository; storage: ObjectStorage },
  message: {
    videoId: number;
    run: number;
    unknownFaces?: UnknownFaceFound[];
    identifiedFaces?: UnknownFaceFound[];
  },
  numbered: AnalysisReport,
  reviews: readonly KeptReview[],
  complete: (tx: EntityManager, report: AnalysisReport) => Promise<T>,
): Promise<T | undefined> {
  const reviewed = reapplyReviews(numbered, reviews);
  const faces = afterReviews(keptFaces(numbered, message), reviewed);
  const outcome = await deps.repository.completeRun(
    message.videoId,
    message.run,
    faces,
    (face, groups) => nearestGroup(face, groups, numbered.matchThreshold),
    (tx, people) => complete(tx, labelReport(reviewed.report, people)),
  );
  if (outcome === 'done') return undefined;
  const orphaned =
    outcome === 'stale'
      ? [...faces.unknown, ...faces.identified].flatMap((face) => face.thumbnailKey ?? [])
      : outcome.replacedKeys;
  await Promise.all(orphaned.map((key) => deps.storage.remove(key)));
  return outcome === 'stale' ? undefined : outcome.completed;
}
