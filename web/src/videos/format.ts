import type { AnalysisReport, IdentifiedOperator, UnidentifiedPerson, Video } from '@hub/proto';
import { i18n } from '../i18n/i18n';
import type { BadgeTone } from '../ui/Badge';
import { formatDecimal, formatMediumDate, formatNumber, formatPercent } from '../i18n/format';
import { readableFailureReason } from '../api/failure-reason';

/** What a video row's analysis badge says, and the line beside it. */
export interface VideoStatus {
  label: string;
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
      return {
        label: i18n.t('videos.status.completed'),
        tone: 'green',
        detail: null,
        processing: false,
      };
    case 'processing':
      return {
        label: i18n.t('videos.status.processing'),
        tone: 'blue',
        detail: analysingLabel(video.progress),
        processing: true,
      };
    case 'failed':
      return {
        label: i18n.t('videos.status.failed'),
        tone: 'red',
        detail: video.analysisError?.trim()
          ? readableFailureReason(video.analysisError)
          : i18n.t('videos.status.analysisFailed'),
        processing: false,
      };
    default:
      return {
        label: i18n.t('videos.status.pending'),
        tone: 'neutral',
        detail: null,
        processing: false,
      };
  }
}

/** 'Analysing: frame 12 of 40', or 'Analysing...' before the worker reports its first frame. */
export function analysingLabel(progress: Video['progress']): string {
  if (!progress || progress.total <= 0) return i18n.t('videos.status.analysing');
  const current = Math.min(Math.max(progress.current, 0), progress.total);
  return i18n.t('videos.status.frame', { current, total: progress.total });
}

/** True when the list should be fetched again shortly. */
export const anyProcessing = (videos: readonly Pick<Video, 'analysisStatus'>[] | undefined) =>
  (videos ?? []).some((video) => video.analysisStatus === 'processing');

/** 0.6667 -> '67%' ('67 %'), a whole percent in the reader's number format. */
export function formatRate(rate: number): string {
  const share = Number.isFinite(rate) ? Math.min(Math.max(rate, 0), 1) : 0;
  return formatPercent(Math.round(share * 100));
}

type CountFields = Pick<Video, 'detectedOperators' | 'identifiedOperators' | 'identificationRate'>;

/** '3 detected · 2 identified (67%)', or '—' before any analysis. */
export function operatorCountsText(video: CountFields): string {
  if (video.detectedOperators === null) return '—';
  const detected = video.detectedOperators;
  const identified = video.identifiedOperators ?? 0;
  const rate =
    video.identificationRate ?? (detected === 0 ? 0 : Math.min(identified / detected, 1));
  return i18n.t('videos.counts', { detected, identified, rate: formatRate(rate) });
}

/** '1 SOP', '3 SOPs', 'No SOPs'. */
export function linkedSopsText(count: number): string {
  if (count === 0) return i18n.t('videos.sops.none');
  return i18n.t('videos.sops.count', { count });
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
  label: string;
  tone: BadgeTone;
}

/**
 * A hint from the face distance (lower is surer) against the threshold the analysis used:
 * within half of it strong, within four fifths good, otherwise weak (still a match).
 */
export function matchConfidence(distance: number, threshold: number): MatchConfidence {
  const ratio = threshold > 0 ? distance / threshold : 1;
  if (ratio <= 0.5) return { label: i18n.t('videos.report.strong'), tone: 'green' };
  if (ratio <= 0.8) return { label: i18n.t('videos.report.good'), tone: 'blue' };
  return { label: i18n.t('videos.report.weak'), tone: 'amber' };
}

/** 'distance 0.31 (threshold 0.6)', 'distance 0,31 (seuil 0,6)'; a face a supervisor named has none. */
export function distanceText(operator: Pick<IdentifiedOperator, 'distance'>, threshold: number) {
  if (operator.distance === null) return i18n.t('videos.report.namedBySupervisor');
  return i18n.t('videos.report.distance', {
    distance: formatDecimal(operator.distance, 2),
    threshold: formatNumber(threshold),
  });
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
  if (operator.review?.decision === 'confirmed') {
    return { label: i18n.t('videos.report.confirmed'), tone: 'green' };
  }
  if (operator.review?.decision === 'named' || operator.distance === null) {
    return { label: i18n.t('videos.report.named'), tone: 'blue' };
  }
  return matchConfidence(operator.distance, threshold);
}

/** 'Confirmed by Amy Farrah on Nov 26, 2026', or null before any review. */
export function reviewText(operator: Pick<IdentifiedOperator, 'review'>): string | null {
  const review = operator.review;
  if (!review) return null;
  const words = { name: review.byName, date: reviewDate(review.at) };
  return review.decision === 'confirmed'
    ? i18n.t('videos.report.confirmedBy', words)
    : i18n.t('videos.report.namedBy', words);
}

/** 'Not Howard Wolowitz (said Amy Farrah on Nov 26, 2026)' for each rejected match. */
export function rejectedText(person: Pick<UnidentifiedPerson, 'rejected'>): string | null {
  const rejected = person.rejected ?? [];
  if (rejected.length === 0) return null;
  return rejected
    .map((match) =>
      i18n.t('videos.report.notPerson', {
        name: match.name,
        by: match.byName,
        date: reviewDate(match.at),
      }),
    )
    .join('; ');
}

/** A step finding's verdict. */
export function observedLabel(observed: boolean | null): {
  label: string;
  tone: BadgeTone;
} {
  if (observed === true) return { label: i18n.t('videos.report.observed'), tone: 'green' };
  if (observed === false) return { label: i18n.t('videos.report.notObserved'), tone: 'red' };
  return { label: i18n.t('videos.report.unknown'), tone: 'neutral' };
}

/** '40 frames at 2 fps over 1:20'. */
export function samplingText(
  report: Pick<AnalysisReport, 'framesAnalysed' | 'samplingFps' | 'durationSeconds'>,
): string {
  return i18n.t('videos.report.frames', {
    count: report.framesAnalysed,
    fps: formatNumber(Math.round(report.samplingFps * 100) / 100),
    duration: formatTimestamp(report.durationSeconds),
  });
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
    return i18n.t('videos.report.namesOthers', {
      names: shown.join(', '),
      rest: names.length - shown.length,
    });
  }
  if (names.length <= 1) return names[0] ?? '';
  return i18n.t('videos.report.namesAnd', {
    names: names.slice(0, -1).join(', '),
    last: names.at(-1) ?? '',
  });
}

/**
 * Why some people could not be named: their profile picture was still being enrolled when the
 * analysis started, or is being enrolled again for an upgraded model. 'Amy and Howard were not
 * yet enrolled ... Re-run the analysis to include them.'
 */
export function notYetEnrolledText(names: readonly string[]): string {
  return i18n.t('videos.report.notEnrolled', { names: namesText(names), count: names.length });
}

/** '1 unidentified person', '2 unidentified people', 'No unidentified people'. */
export function unidentifiedText(count: number): string {
  if (count === 0) return i18n.t('videos.report.noUnidentified');
  return i18n.t('videos.report.unidentifiedCount', { count });
}

/** The processed SOPs among a video's linked ones: the dialog's first choice. */
export function preselectedSops(
  linked: readonly number[],
  processed: readonly { id: number }[],
): number[] {
  const available = new Set(processed.map((sop) => sop.id));
  return linked.filter((id) => available.has(id));
}
