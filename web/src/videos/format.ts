import type { AnalysisReport, IdentifiedOperator, UnidentifiedPerson, Video } from '@hub/proto';
import type { BadgeTone } from '../ui/Badge';
import { formatMediumDate } from '../i18n/format';

/** What a video row's analysis badge says, and the line beside it. */
export interface VideoStatus {
  label: 'Completed' | 'Processing' | 'Failed' | 'Pending';
  tone: BadgeTone;
  /** 'Analysing: frame 12 of 40', the failure's reason, or null. */
  detail: string | null;
  processing: boolean;
}

type StatusFields = Pick<Video, 'analysisStatus' | 'analysisError' | 'progress'>;

/** Spec section 4: completed, processing, failed, otherwise pending (grey). */
export function videoStatus(video: StatusFields): VideoStatus {
  switch (video.analysisStatus) {
    case 'completed':
      return { label: 'Completed', tone: 'green', detail: null, processing: false };
    case 'processing':
      return {
        label: 'Processing',
        tone: 'blue',
        detail: analysingLabel(video.progress),
        processing: true,
      };
    case 'failed':
      return {
        label: 'Failed',
        tone: 'red',
        detail: video.analysisError?.trim() || 'Analysis failed',
        processing: false,
      };
    default:
      return { label: 'Pending', tone: 'neutral', detail: null, processing: false };
  }
}

/** 'Analysing: frame 12 of 40', or 'Analysing...' before the worker reports its first frame. */
export function analysingLabel(progress: Video['progress']): string {
  if (!progress || progress.total <= 0) return 'Analysing...';
  const current = Math.min(Math.max(progress.current, 0), progress.total);
  return `Analysing: frame ${current} of ${progress.total}`;
}

/** True when the list should be fetched again shortly. */
export const anyProcessing = (videos: readonly Pick<Video, 'analysisStatus'>[] | undefined) =>
  (videos ?? []).some((video) => video.analysisStatus === 'processing');

/** 0.6667 -> '67%'. */
export function formatRate(rate: number): string {
  if (!Number.isFinite(rate)) return '0%';
  return `${Math.round(Math.min(Math.max(rate, 0), 1) * 100)}%`;
}

type CountFields = Pick<Video, 'detectedOperators' | 'identifiedOperators' | 'identificationRate'>;

/** '3 detected · 2 identified (67%)', or '—' before any analysis. */
export function operatorCountsText(video: CountFields): string {
  if (video.detectedOperators === null) return '—';
  const detected = video.detectedOperators;
  const identified = video.identifiedOperators ?? 0;
  const rate =
    video.identificationRate ?? (detected === 0 ? 0 : Math.min(identified / detected, 1));
  return `${detected} detected · ${identified} identified (${formatRate(rate)})`;
}

/** '1 SOP', '3 SOPs', 'No SOPs'. */
export function linkedSopsText(count: number): string {
  if (count === 0) return 'No SOPs';
  return `${count} ${count === 1 ? 'SOP' : 'SOPs'}`;
}

/** Seconds as m:ss (h:mm:ss from an hour on): 65.4 -> '1:05'. */
export function formatTimestamp(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** '0:04–0:12'; a range within one second reads as one time. */
export function formatTimeRange(range: { start: number; end: number }): string {
  const start = formatTimestamp(range.start);
  const end = formatTimestamp(range.end);
  return start === end ? start : `${start}–${end}`;
}

export interface MatchConfidence {
  label: 'Strong match' | 'Good match' | 'Weak match';
  tone: BadgeTone;
}

/**
 * A hint from the face distance (lower is surer) against the threshold the analysis used:
 * within half of it strong, within four fifths good, otherwise weak (still a match).
 */
export function matchConfidence(distance: number, threshold: number): MatchConfidence {
  const ratio = threshold > 0 ? distance / threshold : 1;
  if (ratio <= 0.5) return { label: 'Strong match', tone: 'green' };
  if (ratio <= 0.8) return { label: 'Good match', tone: 'blue' };
  return { label: 'Weak match', tone: 'amber' };
}

/** 'distance 0.31 (threshold 0.6)'; a face a supervisor named has none. */
export function distanceText(operator: Pick<IdentifiedOperator, 'distance'>, threshold: number) {
  if (operator.distance === null) return 'named by a supervisor';
  return `distance ${operator.distance.toFixed(2)} (threshold ${threshold})`;
}

/** 'Nov 26, 2026' of an ISO time, for review lines. */
const reviewDate = (at: string) => formatMediumDate(at);

/**
 * The badge of an identified face: a supervisor's word wins over the distance; otherwise the
 * hint from the distance.
 */
export function faceVerdict(
  operator: Pick<IdentifiedOperator, 'distance' | 'review'>,
  threshold: number,
): { label: string; tone: BadgeTone } {
  if (operator.review?.decision === 'confirmed') return { label: 'Confirmed', tone: 'green' };
  if (operator.review?.decision === 'named' || operator.distance === null) {
    return { label: 'Named', tone: 'blue' };
  }
  return matchConfidence(operator.distance, threshold);
}

/** 'Confirmed by Amy Farrah on Nov 26, 2026', or null before any review. */
export function reviewText(operator: Pick<IdentifiedOperator, 'review'>): string | null {
  const review = operator.review;
  if (!review) return null;
  const verb = review.decision === 'confirmed' ? 'Confirmed' : 'Named';
  return `${verb} by ${review.byName} on ${reviewDate(review.at)}`;
}

/** 'Not Howard Wolowitz (said Amy Farrah on Nov 26, 2026)' for each rejected match. */
export function rejectedText(person: Pick<UnidentifiedPerson, 'rejected'>): string | null {
  const rejected = person.rejected ?? [];
  if (rejected.length === 0) return null;
  return rejected
    .map((match) => `Not ${match.name} (said ${match.byName} on ${reviewDate(match.at)})`)
    .join('; ');
}

/** A step finding's verdict. */
export function observedLabel(observed: boolean | null): {
  label: 'Observed' | 'Not observed' | 'Unknown';
  tone: BadgeTone;
} {
  if (observed === true) return { label: 'Observed', tone: 'green' };
  if (observed === false) return { label: 'Not observed', tone: 'red' };
  return { label: 'Unknown', tone: 'neutral' };
}

/** '40 frames at 2 fps over 1:20'. */
export function samplingText(
  report: Pick<AnalysisReport, 'framesAnalysed' | 'samplingFps' | 'durationSeconds'>,
): string {
  const frames = `${report.framesAnalysed} ${report.framesAnalysed === 1 ? 'frame' : 'frames'}`;
  const fps = parseFloat(report.samplingFps.toFixed(2));
  return `${frames} at ${fps} fps over ${formatTimestamp(report.durationSeconds)}`;
}

/** Names listed in full before the rest are counted. */
const NAMES_LISTED = 5;

/**
 * 'Amy', 'Amy and Bo', 'Amy, Bo and Cy'; past five, four names and a count: after an upgrade of
 * the face model a whole organization may be waiting.
 */
function namesText(names: readonly string[]): string {
  if (names.length > NAMES_LISTED) {
    const shown = names.slice(0, NAMES_LISTED - 1);
    return `${shown.join(', ')} and ${names.length - shown.length} others`;
  }
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Why some people could not be named: their profile picture was still being enrolled when the
 * analysis started, or is being enrolled again for an upgraded model. 'Amy and Howard were not
 * yet enrolled ... Re-run the analysis to include them.'
 */
export function notYetEnrolledText(names: readonly string[]): string {
  const list = namesText(names);
  const verb = names.length === 1 ? 'was' : 'were';
  return (
    `${list} ${verb} not yet enrolled for identification when this analysis ran, so the report ` +
    `cannot name them. Re-run the analysis to include them.`
  );
}

/** '1 unidentified person', '2 unidentified people', 'No unidentified people'. */
export function unidentifiedText(count: number): string {
  if (count === 0) return 'No unidentified people';
  return `${count} unidentified ${count === 1 ? 'person' : 'people'}`;
}

/** The processed SOPs among a video's linked ones: the dialog's first choice. */
export function preselectedSops(
  linked: readonly number[],
  processed: readonly { id: number }[],
): number[] {
  const available = new Set(processed.map((sop) => sop.id));
  return linked.filter((id) => available.has(id));
}
