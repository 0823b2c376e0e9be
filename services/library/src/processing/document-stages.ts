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
