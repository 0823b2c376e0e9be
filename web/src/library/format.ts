import type { LibraryDocument, ProcessingProgress } from '@hub/proto';
import type { BadgeTone } from '../ui/Badge';

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Spec section 9: Bytes, KB, MB, GB, base 1024, at most two decimals ('1.5 KB', '2.25 MB'). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}

/** What a document row's processing badge says. */
export interface DocumentStatus {
  label: 'SOP Processed' | 'SOP Failed' | 'Processing SOP';
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
  if (document.sopProcessed) return { label: 'SOP Processed', tone: 'green', pending: false };
  if (document.sopError) return { label: 'SOP Failed', tone: 'red', pending: false };
  return { label: 'Processing SOP', tone: 'amber', pending: true };
}

/** The OCR badge, or null when OCR has neither run nor failed. */
export function ocrBadge(
  document: Pick<LibraryDocument, 'ocrProcessed' | 'ocrError'>,
): { label: 'OCR Available' | 'OCR Failed'; tone: BadgeTone } | null {
  if (document.ocrProcessed) return { label: 'OCR Available', tone: 'blue' };
  if (document.ocrError) return { label: 'OCR Failed', tone: 'red' };
  return null;
}

/** The worker's live stage in words: 'Queued', 'Extracting text', 'OCR page 3 of 12', ... */
export function stageLabel(progress: Pick<ProcessingProgress, 'stage' | 'current' | 'total'>) {
  switch (progress.stage) {
    case 'queued':
      return 'Queued';
    case 'extracting':
      return 'Extracting text';
    case 'ocr':
      return progress.current !== null && progress.total !== null
        ? `OCR page ${progress.current} of ${progress.total}`
        : 'OCR';
    case 'images':
      return 'Extracting images';
    case 'generating_evaluation':
      return 'Generating evaluation';
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
  }
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
  if (error) return { kind: 'failed', text: `Processing failed: ${error}` };
  // The SOP is ready but its evaluation is being (re)generated: not completed yet.
  if (document.progress.stage === 'generating_evaluation') {
    return { kind: 'processing', text: `Processing: ${stageLabel(document.progress)}` };
  }
  if (document.sopProcessed) {
    const images =
      document.imageCount > 0
        ? ` (${document.imageCount} ${document.imageCount === 1 ? 'image' : 'images'})`
        : '';
    return { kind: 'completed', text: `Processing completed${images}` };
  }
  return { kind: 'processing', text: `Processing: ${stageLabel(document.progress)}` };
}

/** Why a viewer tab is closed (its title), or null when it opens. */
export interface ViewerTabsState {
  content: string | null;
  evaluation: string | null;
}

/**
 * The Content tab opens only once the SOP markdown exists. The Evaluation tab closes when
 * processing failed before any text came out: there is nothing to evaluate (while a document is
 * processed again it stays open, showing the evaluation of the version before).
 */
export function viewerTabsState(
  document: Pick<LibraryDocument, 'sopProcessed' | 'sopError' | 'processingError'>,
): ViewerTabsState {
  if (document.sopProcessed) return { content: null, evaluation: null };
  const error = document.processingError ?? document.sopError;
  if (!error) return { content: 'Available once processing completes', evaluation: null };
  return {
    content: 'No content: processing failed',
    evaluation: 'No evaluation: processing failed, so there is no text to evaluate',
  };
}
