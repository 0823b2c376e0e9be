import type { LibraryDocument, ProcessingProgress } from '@hub/proto';
import type { BadgeTone } from '../ui/Badge';
import { i18n } from '../i18n/i18n';
import { readableFailureReason } from '../api/failure-reason';

/** What a document row's processing badge says. */
export interface DocumentStatus {
  label: string;
  tone: BadgeTone;
  /** True while the worker is still at it (the live stage is shown beside the badge). */
  pending: boolean;
}

type StatusFields = Pick<LibraryDocument, 'sopProcessed' | 'sopError'>;

/**
 * Spec section 2 gives two readings of the status badge. We use reading A everywhere:
 * 'SOP Processed' (sopProcessed), else 'SOP Failed' (sopError), else 'Processing SOP'.
 * Reading B ('Processed' only once the evaluation exists too) would leave every document
 * 'Processing' until evaluations are built in a later issue.
 */
export function documentStatus(document: StatusFields): DocumentStatus {
  if (document.sopProcessed) {
    return { label: i18n.t('library.status.processed'), tone: 'green', pending: false };
  }
  if (document.sopError) {
    return { label: i18n.t('library.status.failed'), tone: 'red', pending: false };
  }
  return { label: i18n.t('library.status.processing'), tone: 'amber', pending: true };
}

/** The OCR badge, or null when OCR has neither run nor failed. */
export function ocrBadge(
  document: Pick<LibraryDocument, 'ocrProcessed' | 'ocrError'>,
): { label: string; tone: BadgeTone } | null {
  if (document.ocrProcessed) return { label: i18n.t('library.status.ocrAvailable'), tone: 'blue' };
  if (document.ocrError) return { label: i18n.t('library.status.ocrFailed'), tone: 'red' };
  return null;
}

/** The worker's live stage in words: 'Queued', 'Extracting text', 'OCR page 3 of 12', ... */
export function stageLabel(
  progress: Pick<ProcessingProgress, 'stage' | 'current' | 'total'>,
): string {
  if (progress.stage === 'ocr') {
    return progress.current !== null && progress.total !== null
      ? i18n.t('library.stage.ocrPage', { current: progress.current, total: progress.total })
      : i18n.t('library.stage.ocr');
  }
  return i18n.t(`library.stage.${progress.stage}`);
}

export type SummaryFields = Pick<
  LibraryDocument,
  | 'sopProcessed'
  | 'sopError'
  | 'processingError'
  | 'evaluationGenerationError'
  | 'imageCount'
  | 'progress'
>;

export type ProcessingSummary =
  | { kind: 'failed'; text: string }
  | { kind: 'completed'; text: string }
  | { kind: 'processing'; text: string };

/**
 * The viewer's header line (spec section 2). 'Processing completed' once the SOP content exists
 * and no evaluation is being generated for it (a document whose generation failed says so).
 * sopError is read as a failure as well, so a document the badge calls 'SOP Failed' is never
 * summarised as still processing.
 */
export function processingSummary(document: SummaryFields): ProcessingSummary {
  const error = document.processingError ?? document.evaluationGenerationError ?? document.sopError;
  if (error) {
    const reason = readableFailureReason(error);
    return { kind: 'failed', text: i18n.t('library.summary.failed', { error: reason }) };
  }
  // The SOP is ready but its evaluation is being (re)generated: not completed yet.
  if (document.progress.stage === 'generating_evaluation') {
    return processing(document);
  }
  if (document.sopProcessed) {
    const text =
      document.imageCount > 0
        ? i18n.t('library.summary.completedImages', { count: document.imageCount })
        : i18n.t('library.summary.completed');
    return { kind: 'completed', text };
  }
  return processing(document);
}

function processing(document: SummaryFields): ProcessingSummary {
  return {
    kind: 'processing',
    text: i18n.t('library.summary.processing', { stage: stageLabel(document.progress) }),
  };
}

/** Why a viewer tab is closed (its title), or null when it opens. */
export interface ViewerTabsState {
  content: string | null;
  evaluation: string | null;
}

/**
 * The Content tab opens once the SOP markdown exists: also while a new version is read or after
 * it failed, showing the version processed last, as the library serves it. The Evaluation tab
 * closes when processing failed before any text came out: there is nothing to evaluate (while a
 * document is processed again it stays open, showing the evaluation of the version before).
 */
export function viewerTabsState(
  document: Pick<
    LibraryDocument,
    'sopProcessed' | 'sopError' | 'processingError' | 'markdownS3Key'
  >,
): ViewerTabsState {
  if (document.sopProcessed || document.markdownS3Key !== null) {
    return { content: null, evaluation: null };
  }
  const error = document.processingError ?? document.sopError;
  if (!error) return { content: i18n.t('library.tabs.contentLater'), evaluation: null };
  return {
    content: i18n.t('library.tabs.noContent'),
    evaluation: i18n.t('library.tabs.noEvaluation'),
  };
}
