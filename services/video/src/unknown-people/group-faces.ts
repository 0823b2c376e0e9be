import type { AnalysisReport, UnknownFaceFound } from '@hub/proto';
import type { ObjectStorage } from '@hub/kit';
import { nearestGroup, unknownLabel } from './grouping.js';
import type { NewUnknownFace, UnknownPeopleRepository } from './unknown-people.repository.js';

/** Each unidentified face of the report with the unknown person it was grouped with. */
export function labelReport(
  report: AnalysisReport,
  people: Map<string, { id: number; number: number }>,
): AnalysisReport {
  return {
    ...report,
    unidentifiedPeople: report.unidentifiedPeople.map((face) => {
      const person = face.faceId ? people.get(face.faceId) : undefined;
      return person
        ? { ...face, unknownPerson: { id: person.id, label: unknownLabel(person.number) } }
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
    const faceId = numbered.unidentifiedPeople[face.index]?.faceId;
    return faceId ? [{ ...face, faceId }] : [];
  });
}

/**
 * Groups a completed analysis's unknown faces with the organization's unknown people (see
 * nearestGroup for the rule). Crops of a run that is not the video's completed one any more, and
 * of faces a new run replaced, are removed: nothing keeps a face nobody can see.
 */
export async function groupUnknownFaces(
  repository: UnknownPeopleRepository,
  storage: ObjectStorage,
  message: { videoId: number; run: number; unknownFaces?: UnknownFaceFound[] },
  numbered: AnalysisReport,
): Promise<void> {
  const faces = withReportIds(numbered, message.unknownFaces ?? []);
  const recorded = await repository.record(
    message.videoId,
    message.run,
    faces,
    (embedding, groups) => nearestGroup(embedding, groups, numbered.matchThreshold),
    labelReport,
  );
  const orphaned = recorded
    ? recorded.replacedKeys
    : faces.flatMap((face) => face.thumbnailKey ?? []);
  await Promise.all(orphaned.map((key) => storage.remove(key)));
}
