import type { AnalysisReport, ReviewFaceRequest } from '@hub/proto';
import { applyReview, type Reviewed, SeenTogether, withFaceIds } from './apply-review.js';
import type { KeptReview } from './face-review.repository.js';

type Ranges = readonly { start: number; end: number }[];

/** Seconds two faces were seen at the same time. */
export function overlapSeconds(a: Ranges, b: Ranges): number {
  let total = 0;
  for (const x of a) {
    for (const y of b) total += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
  }
  return total;
}

/** The stretches both lists of ranges cover. */
function intersection(a: Ranges, b: Ranges): Ranges {
  return a.flatMap((x) =>
    b.flatMap((y) => {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      return end > start ? [{ start, end }] : [];
    }),
  );
}

/**
 * The face seen longest at the review's times, of those the review may apply to; none when another
 * of them was seen at the same moments: times alone cannot tell two people seen together apart,
 * and a name given to the wrong one of them is worse than none.
 */
function sameFace<T extends { faceId?: string; appearances: Ranges }>(
  faces: readonly T[],
  review: KeptReview,
): string | undefined {
  let best: { face: T; seconds: number } | undefined;
  for (const face of faces) {
    const seconds = overlapSeconds(face.appearances, review.appearances);
    if (face.faceId && seconds > 0 && (!best || seconds > best.seconds)) best = { face, seconds };
  }
  if (!best) return undefined;
  const chosen = best.face;
  const reviewed = intersection(chosen.appearances, review.appearances);
  const together = faces.some(
    (face) => face !== chosen && overlapSeconds(face.appearances, reviewed) > 0,
  );
  return together ? undefined : chosen.faceId;
}

/**
 * The face of the new report a kept review is about: a confirmation or a rejection is of the
 * member the analysis identifies again at those times, a naming of a face it leaves unidentified
 * there. None when the new analysis saw otherwise: a review is never forced on a face.
 */
function faceOf(report: AnalysisReport, review: KeptReview): string | undefined {
  if (review.decision === 'name') return sameFace(report.unidentifiedPeople, review);
  const identified = report.identifiedOperators.filter((face) => face.userId === review.userId);
  return sameFace(identified, review);
}

/** The new report as the kept reviews make it; the faces they moved from one list to the other. */
export interface Reapplied {
  report: AnalysisReport;
  /**
   * Faces rejected again (identified ones, and those named into their entries): unknown, to be
   * grouped with the unknown people.
   */
  rejected: Set<string>;
  /** Faces named again (unidentified, or rejected first), with the member: in no unknown person. */
  named: Map<string, number>;
}

/**
 * The kept review applied to the face; none when the new report saw that face beside the member
 * it names (SeenTogether): a review is never forced on a face.
 */
function reviewedAgain(
  report: AnalysisReport,
  faceId: string,
  request: ReviewFaceRequest,
  review: KeptReview,
): Reviewed | undefined {
  try {
    return applyReview(report, {
      faceId,
      review: request,
      reviewer: { id: review.reviewedBy, name: review.reviewerName },
      named: { id: review.userId, name: review.userName },
      at: review.reviewedAt,
    });
  } catch (error) {
    if (error instanceof SeenTogether) return undefined;
    throw error;
  }
}

/**
 * A video analysed again keeps its supervisors' reviews: each, in the order made, applies to the
 * face of the new report seen at the same times (face ids are a run's own), with its reviewer and
 * time.
 */
export function reapplyReviews(report: AnalysisReport, reviews: readonly KeptReview[]): Reapplied {
  let current = withFaceIds(report);
  const rejected = new Set<string>();
  const named = new Map<string, number>();
  for (const review of reviews) {
    const faceId = faceOf(current, review);
    if (!faceId) continue;
    const request: ReviewFaceRequest =
      review.decision === 'name'
        ? { decision: 'name', userId: review.userId }
        : { decision: review.decision };
    const reviewed = reviewedAgain(current, faceId, request, review);
    if (!reviewed) continue;
    current = reviewed.report;
    // A rejection also undoes the namings merged into the entry it rejects.
    for (const unknown of reviewed.unknownFaceIds) {
      rejected.add(unknown);
      named.delete(unknown);
    }
    if (review.decision !== 'name') continue;
    rejected.delete(faceId);
    named.set(faceId, review.userId);
  }
  return { report: current, rejected, named };
}
