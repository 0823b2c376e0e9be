import { type EntityManager, In, type QueryDeepPartialEntity } from 'typeorm';
import type { ProcessingStage } from '@hub/proto';
import { DocumentEntity } from '../documents/document.entity.js';

/** The PDF worker's stages, in the order a run goes through them. */
const PDF_STAGES: ProcessingStage[] = ['queued', 'extracting', 'ocr', 'images'];

/** Where a run may be for `stage` to be a step forward (or a new count within the same stage). */
export function stagesUpTo(stage: ProcessingStage): ProcessingStage[] {
  return PDF_STAGES.slice(0, PDF_STAGES.indexOf(stage) + 1);
}

/** While the PDF worker runs: every stage before an end (done or failed). */
export const PROCESSING = PDF_STAGES;

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
 * One conditional UPDATE: it applies only to the current run and only from the given stages,
 * so of two messages handled at once, the one that comes second cannot undo the first.
 * True when it applied.
 */
export async function changeStage(db: EntityManager, change: StageChange): Promise<boolean> {
  const runColumn = change.evaluationRun ? 'evaluationRun' : 'processingRun';
  const result = await db
    .getRepository(DocumentEntity)
    .update(
      { id: change.documentId, [runColumn]: change.run, processingStage: In(change.from) },
      { ...change.values, progressUpdatedAt: () => 'now()' },
    );
  return (result.affected ?? 0) > 0;
}
