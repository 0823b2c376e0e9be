import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { ProcessingStage } from '@hub/proto';
import { DocumentEntity } from '../documents/document.entity.js';
import { DocumentImageEntity } from '../documents/document-image.entity.js';
import { newRunState, PROCESSED, stagesUpTo, type StageChange } from './document-stages.js';

export type DocumentImageRow = Pick<
  DocumentImageEntity,
  'documentId' | 'imageId' | 'storageKey' | 'page' | 'width' | 'height'
>;

/** What a PDF worker reports of a run under way. */
export interface RunProgress {
  documentId: number;
  run: number;
  stage: ProcessingStage;
  current: number | null;
  total: number | null;
}

/** A document whose processing or evaluation generation showed no progress for a while. */
export interface StalledRow {
  id: number;
  processing_stage: string;
  processing_run: number;
  evaluation_run: number;
}

/** The processing state of documents: runs, stages and what a run produced. */
@Injectable()
export class ProcessingRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private documents(manager: EntityManager = this.db.manager) {
    return manager.getRepository(DocumentEntity);
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * One conditional UPDATE: it applies only to the current run and only from the given stages,
   * so of two messages handled at once, the one that comes second cannot undo the first.
   * True when it applied.
   */
  async changeStage(
    change: StageChange,
    manager: EntityManager = this.db.manager,
  ): Promise<boolean> {
    const runColumn = change.evaluationRun ? 'evaluationRun' : 'processingRun';
    const result = await this.documents(manager).update(
      { id: change.documentId, [runColumn]: change.run, processingStage: In(change.from) },
      { ...change.values, progressUpdatedAt: () => 'now()' },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * A run's progress, forward only: from an earlier stage, or within its stage to a count at least
   * the one shown (page jobs ending close together may report 3 pages read, then 2).
   */
  async reportProgress(progress: RunProgress): Promise<void> {
    const { documentId, run, stage, current, total } = progress;
    await this.db.query(
      `UPDATE documents
          SET processing_stage = $3, progress_current = $4, progress_total = $5,
              progress_updated_at = now()
        WHERE id = $1 AND processing_run = $2 AND processing_stage = ANY ($6)
          AND (processing_stage <> $3 OR progress_current IS NULL OR $4::int IS NULL
               OR progress_current <= $4)`,
      [documentId, run, stage, current, total, stagesUpTo(stage)],
    );
  }

  /** Conditional on the run read: two retries at once start one new run, not two. */
  async restartRun(document: DocumentEntity, previousRun: number): Promise<boolean> {
    const restarted = await this.documents().update(
      { id: document.id, processingRun: previousRun },
      newRunState(document.processingRun),
    );
    return Boolean(restarted.affected);
  }

  /**
   * Conditional on the runs read: of two starts at once, only one becomes the next run; and a
   * start read before a new version or a retry began processing takes nothing from that run (its
   * stage would hide the run's reports, and the questions come from the text it replaces).
   */
  async startEvaluationRun(document: DocumentEntity, run: number): Promise<boolean> {
    const started = await this.documents().update(
      {
        id: document.id,
        evaluationRun: document.evaluationRun,
        processingRun: document.processingRun,
        processingStage: In(PROCESSED),
      },
      {
        evaluationRun: run,
        evaluationGenerationError: null,
        processingStage: 'generating_evaluation',
        progressCurrent: null,
        progressTotal: null,
        progressUpdatedAt: new Date(),
      },
    );
    return Boolean(started.affected);
  }

  /**
   * The evaluation's next generation run, recorded in the transaction recording the processing
   * run it follows (then 'done'): a failure before the quiz worker is asked leaves it owed, and
   * the processing message's retry asks (LibraryInbox).
   */
  async startEvaluationAfter(tx: EntityManager, documentId: number, run: number): Promise<void> {
    await this.documents(tx).update(
      { id: documentId, processingRun: run, processingStage: 'done' },
      {
        evaluationRun: () => 'evaluation_run + 1',
        evaluationGenerationError: null,
        processingStage: 'generating_evaluation',
        progressUpdatedAt: () => 'now()',
      },
    );
  }

  /** Only while no generation result arrived: a result or a newer run is left as it is. */
  async recordEvaluationNotStarted(documentId: number, run: number, error: string): Promise<void> {
    await this.documents().update(
      { id: documentId, evaluationRun: run, processingStage: 'generating_evaluation' },
      { evaluationGenerationError: error, processingStage: 'done' },
    );
  }

  async recordEvaluation(tx: EntityManager, documentId: number, evaluationId: number) {
    await this.documents(tx).update(documentId, { evaluationGenerated: true, evaluationId });
  }

  /** The images a run extracted replace the document's earlier ones. */
  async replaceImages(tx: EntityManager, documentId: number, images: DocumentImageRow[]) {
    await tx.getRepository(DocumentImageEntity).delete({ documentId });
    if (images.length > 0) await tx.getRepository(DocumentImageEntity).insert(images);
  }

  /** Documents still processing whose progress is older than this. */
  async stalled(stallMinutes: number): Promise<StalledRow[]> {
    // Raw SQL: progress age on the database's clock.
    return (await this.db.query(
      `SELECT id, processing_stage, processing_run, evaluation_run FROM documents
        WHERE processing_stage IN ('queued', 'extracting', 'ocr', 'images', 'generating_evaluation')
          AND progress_updated_at < now() - make_interval(mins => $1)`,
      [stallMinutes],
    )) as StalledRow[];
  }
}
