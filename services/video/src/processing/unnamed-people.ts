import type { AnalysisReport, UnidentifiedPerson, UnknownFaceFound } from '@hub/proto';

/** The faces a run's worker kept, each by its index in its list of the report. */
export interface KeptRunFaces {
  unknownFaces?: UnknownFaceFound[] | undefined;
  identifiedFaces?: UnknownFaceFound[] | undefined;
}

/** Where a face of the rebuilt report came from: its list and index in the worker's report. */
interface Source {
  list: 'unknown' | 'identified';
  index: number;
}

const firstSeen = (person: UnidentifiedPerson) => person.appearances[0]?.start ?? 0;

/** The kept faces of these sources, each indexed by its place in its new list. */
function reindexed(faces: KeptRunFaces, sources: readonly Source[]): UnknownFaceFound[] {
  const byList = {
    unknown: new Map(faces.unknownFaces?.map((face) => [face.index, face])),
    identified: new Map(faces.identifiedFaces?.map((face) => [face.index, face])),
  };
  return sources.flatMap((source, index) => {
    const face = byList[source.list].get(source.index);
    return face ? [{ ...face, index }] : [];
  });
}

/**
 * A run's report and kept faces with these people named nowhere: each face the worker identified
 * as one of them is unidentified instead, and kept to be grouped with the unknown people as a
 * face that matched nobody; nor are they among the people not yet enrolled. The report's lists
 * are rebuilt, so the kept faces' indexes follow them.
 */
export function withoutNaming(
  report: AnalysisReport,
  faces: KeptRunFaces,
  userIds: ReadonlySet<number>,
): { report: AnalysisReport; faces: KeptRunFaces } {
  const unnamed = report.identifiedOperators.some((face) => userIds.has(face.userId));
  const waiting = report.notYetEnrolled?.some((person) => userIds.has(person.userId));
  if (!unnamed && !waiting) return { report, faces };
  const identified = report.identifiedOperators.map((face, index) => ({ face, index }));
  const named = identified.filter(({ face }) => !userIds.has(face.userId));
  const unidentified: { person: UnidentifiedPerson; source: Source }[] = [
    ...report.unidentifiedPeople.map((person, index) => ({
      person,
      source: { list: 'unknown' as const, index },
    })),
    ...identified
      .filter(({ face }) => userIds.has(face.userId))
      .map(({ face, index }) => ({
        person: {
          faceId: face.faceId,
          appearances: face.appearances,
          // A review naming this face checks who else was seen in its frames.
          ...(face.frames ? { frames: face.frames } : {}),
        },
        source: { list: 'identified' as const, index },
      })),
  ].sort((a, b) => firstSeen(a.person) - firstSeen(b.person));
  const detected = named.length + unidentified.length;
  const { notYetEnrolled, ...rest } = report;
  const stillWaiting = notYetEnrolled?.filter((person) => !userIds.has(person.userId)) ?? [];
  return {
    report: {
      ...rest,
      identifiedOperators: named.map(({ face }) => face),
      unidentifiedPeople: unidentified.map(({ person }) => person),
      detectedOperators: detected,
      // As a rejected match leaves it (the review's recount).
      identificationRate: detected === 0 ? 0 : Math.round((named.length / detected) * 1000) / 1000,
      ...(stillWaiting.length ? { notYetEnrolled: stillWaiting } : {}),
    },
    faces: {
      unknownFaces: reindexed(
        faces,
        unidentified.map(({ source }) => source),
      ),
      identifiedFaces: reindexed(
        faces,
        named.map(({ index }) => ({ list: 'identified', index })),
      ),
    },
  };
}
