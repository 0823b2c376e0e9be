import type { QueryDeepPartialEntity } from 'typeorm';
import type { ProcessingStage } from '@hub/proto';
import type { DocumentEntity } from '../documents/document.entity.js';

/** The PDF worker's stages, in the order a run goes through them. */
const PDF_STAGES: ProcessingStage[] = ['queued', 'extracting', 'ocr', 'images'];

/** Where a run may be for `stage` to be a step forward (or a new count within the same stage). */
export function stagesUpTo(stage: ProcessingStage): ProcessingStage[] {
  return PDF_STAGES.slice(0, PDF_STAGES.indexOf(stage) + 1);
}

/** While the PDF worker runs: every stage before an end (done or failed). */
export const PROCESSING = PDF_STAGES;

/** Once a processing run ended well: its results are the document's; an evaluation may follow. */
export const PROCESSED: ProcessingStage[] = ['done', 'generating_evaluation'];

/** A conditional change of a run's stage (ProcessingRepository.changeStage). */
export interface StageChange {
  documentId: number;
  /** The processing run (or, with `evaluationRun`, the generation run) the change belongs to. */
  run: number;
  evaluationRun?: boolean;
  /** The stages the document may be in for the change to apply. */
  from: ProcessingStage[];
  values: QueryDeepPartialEntity<DocumentEntity>;
}

/**
 * A document as a new processing run of it starts (a retry, a new version): queued, with the
 * previous run's progress, results and errors cleared. One definition for both, so a field
 * added to a run's results is cleared by each.
 */
export function newRunState(run: number): QueryDeepPartialEntity<DocumentEntity> {
  return {
    processingRun: run,
    processingStage: 'queued',
    progressCurrent: null,
    progressTotal: null,
    progressUpdatedAt: new Date(),
    processed: false,
    sopProcessed: false,
    sopError: null,
    processingError: null,
    ocrProcessed: false,
    ocrError: null,
  };
}
