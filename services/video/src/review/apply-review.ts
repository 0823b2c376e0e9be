import {
  type AnalysisReport,
  ERROR_TEXTS,
  errorText,
  type IdentifiedOperator,
  type ReviewFaceRequest,
  type UnidentifiedPerson,
} from '@hub/proto';
import { facesOf, seenBeside, seenTogether } from './seen-together.js';

type TimeRange = IdentifiedOperator['appearances'][number];

/** Someone of the organization, by id and name. */
export interface Person {
  id: number;
  name: string;
}

/** A review that does not fit the face it names, in words for the supervisor. */
export class ReviewRefusal extends Error {}

/**
 * A review of a report that is not the video's current one: a new analysis replaced it since (its
 * face id is the earlier run's, and the same id in the new report may be anyone), or is running,
 * or failed (the page still shows the report before it).
 */
export class ReportNotCurrent extends ReviewRefusal {}

/**
 * A review that would make two faces seen in one frame the same member: the analysis never
 * names two people of one frame as one, and neither does a supervisor (the report would show the
 * member twice side by side, and the face would be learned as theirs).
 */
export class SeenTogether extends ReviewRefusal {
  constructor(name: string) {
    super(errorText('review_member_seen_together', { name }));
  }
}

export const NOT_IDENTIFIED = ERROR_TEXTS.review_face_not_identified;
export const NOT_UNIDENTIFIED = ERROR_TEXTS.review_face_named;
export const UNKNOWN_FACE = ERROR_TEXTS.review_face_unknown;
export const REPORT_REPLACED = ERROR_TEXTS.review_report_replaced;
export const ANALYSIS_RUNNING = ERROR_TEXTS.review_analysis_running;
export const ANALYSIS_FAILED = ERROR_TEXTS.review_analysis_failed;

const faceNumber = (faceId: string | undefined) => Number(faceId?.slice(1) ?? 0);

/**
 * Every face of a report gets an id (f1, f2, ...) that stays its own whichever list a review
 * moves it to; reports stored before reviews existed get theirs in the order of their lists.
 */
export function withFaceIds(report: AnalysisReport): AnalysisReport {
  let next =
    Math.max(
      0,
      ...report.identifiedOperators.map((face) => faceNumber(face.faceId)),
      ...report.unidentifiedPeople.map((face) => faceNumber(face.faceId)),
    ) + 1;
  const id = <T extends { faceId?: string }>(face: T): T =>
    face.faceId ? face : { ...face, faceId: `f${next++}` };
  return {
    ...report,
    identifiedOperators: report.identifiedOperators.map(id),
    unidentifiedPeople: report.unidentifiedPeople.map(id),
  };
}

/** The figures of a report follow its lists. */
function recount(report: AnalysisReport): AnalysisReport {
  const identified = report.identifiedOperators.length;
  const detected = identified + report.unidentifiedPeople.length;
  return {
    ...report,
    detectedOperators: detected,
    identificationRate: detected === 0 ? 0 : Math.round((identified / detected) * 1000) / 1000,
  };
}

const byStart = (
  a: { appearances: { start: number }[] },
  b: { appearances: { start: number }[] },
) => (a.appearances[0]?.start ?? 0) - (b.appearances[0]?.start ?? 0);

export interface ReviewInput {
  faceId: string;
  review: ReviewFaceRequest;
  reviewer: Person;
  /** The member an unidentified face is named as. */
  named?: Person;
  at: string;
}

/**
 * The report a review makes; whom the review was about, and where the face was seen: what the
 * review is kept with, to find the face again when the video is analysed again.
 */
export interface Reviewed {
  report: AnalysisReport;
  userId: number;
  userName: string;
  appearances: IdentifiedOperator['appearances'];
  /** The faces a rejection made unknown: the entry's own, and those named into it. */
  unknownFaceIds: string[];
}

/** `ranges` less one occurrence of each of `taken` (two faces may be seen at the same times). */
function without(ranges: readonly TimeRange[], taken: readonly TimeRange[]): TimeRange[] {
  const left = [...ranges];
  for (const range of taken) {
    const at = left.findIndex((kept) => kept.start === range.start && kept.end === range.end);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/** A face's frames as a report entry keeps them: none for a report written before they were. */
const framesOf = (face: { frames?: number[] }) => (face.frames ? { frames: face.frames } : {});

/**
 * A rejected entry's faces, each unknown again with whom it is not: its own face, and every face
 * a supervisor named into it (each back with the unknown person it was named from, once grouped).
 */
function rejectedFaces(
  identified: IdentifiedOperator,
  faceId: string,
  by: { by: number; byName: string; at: string },
): (UnidentifiedPerson & { faceId: string })[] {
  const rejected = [{ userId: identified.userId, name: identified.name, ...by }];
  const merged = identified.mergedFaces ?? [];
  const own = without(
    identified.appearances,
    merged.flatMap((face) => face.appearances),
  );
  return [
    { faceId, appearances: own, ...framesOf(identified), rejected },
    ...merged.map((face) => ({
      faceId: face.faceId,
      appearances: face.appearances,
      ...framesOf(face),
      rejected,
    })),
  ];
}

/** The report as the supervisor's review makes it, and what the review was about. */
export function applyReview(report: AnalysisReport, input: ReviewInput): Reviewed {
  const { faceId, review, reviewer, at } = input;
  const identified = report.identifiedOperators.find((face) => face.faceId === faceId);
  const unidentified = report.unidentifiedPeople.find((face) => face.faceId === faceId);
  if (!identified && !unidentified) throw new ReviewRefusal(UNKNOWN_FACE);
  const by = { by: reviewer.id, byName: reviewer.name, at };
  if (review.decision === 'confirm') {
    if (!identified) throw new ReviewRefusal(NOT_IDENTIFIED);
    // A face named into the entry beside its own (before reviews checked frames) is not vouched for.
    if (seenTogether(facesOf(identified))) throw new SeenTogether(identified.name);
    const confirmed: IdentifiedOperator = {
      ...identified,
      review: { decision: 'confirmed', ...by },
    };
    return {
      report: {
        ...report,
        identifiedOperators: report.identifiedOperators.map((face) =>
          face === identified ? confirmed : face,
        ),
      },
      userId: identified.userId,
      userName: identified.name,
      appearances: identified.appearances,
      unknownFaceIds: [],
    };
  }
  if (review.decision === 'reject') {
    if (!identified) throw new ReviewRefusal(NOT_IDENTIFIED);
    const people = rejectedFaces(identified, faceId, by);
    return {
      report: recount({
        ...report,
        identifiedOperators: report.identifiedOperators.filter((face) => face !== identified),
        unidentifiedPeople: [...report.unidentifiedPeople, ...people].sort(byStart),
      }),
      userId: identified.userId,
      userName: identified.name,
      appearances: identified.appearances,
      unknownFaceIds: people.map((person) => person.faceId),
    };
  }
  if (!unidentified) throw new ReviewRefusal(NOT_UNIDENTIFIED);
  const named = input.named!;
  return {
    report: recount(nameFace(report, unidentified, named, by)),
    userId: named.id,
    userName: named.name,
    appearances: unidentified.appearances,
    unknownFaceIds: [],
  };
}

/**
 * An unidentified face becomes the member; a member already identified in the video keeps one
 * entry, whose appearances now include this face's, and which keeps the face among those merged
 * into it: a rejection of the entry gives it back. Refused (SeenTogether) when the face was seen
 * in a frame of one of the entry's faces: someone beside the member is not them.
 */
function nameFace(
  report: AnalysisReport,
  face: UnidentifiedPerson,
  named: Person,
  by: { by: number; byName: string; at: string },
): AnalysisReport {
  const unidentifiedPeople = report.unidentifiedPeople.filter((other) => other !== face);
  const existing = report.identifiedOperators.find((other) => other.userId === named.id);
  if (existing && seenBeside(face, facesOf(existing))) throw new SeenTogether(named.name);
  const review = { decision: 'named' as const, ...by };
  const entry: IdentifiedOperator = existing
    ? {
        ...existing,
        appearances: [...existing.appearances, ...face.appearances].sort(
          (a, b) => a.start - b.start,
        ),
        review,
        mergedFaces: [
          ...(existing.mergedFaces ?? []),
          { faceId: face.faceId!, appearances: face.appearances, ...framesOf(face) },
        ],
      }
    : {
        faceId: face.faceId,
        userId: named.id,
        name: named.name,
        distance: null,
        appearances: face.appearances,
        ...framesOf(face),
        review,
      };
  const others = report.identifiedOperators.filter((other) => other !== existing);
  return { ...report, unidentifiedPeople, identifiedOperators: [...others, entry].sort(byStart) };
}
