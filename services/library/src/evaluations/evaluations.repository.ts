import { Inject, Injectable } from '@nestjs/common';
import {
  DataSource,
  Not,
  type DeepPartial,
  type EntityManager,
  type QueryDeepPartialEntity,
} from 'typeorm';
import type { libraryRpc, RpcAnswer } from '@hub/proto';
import { EvaluationEntity } from './evaluation.entity.js';

export type EvaluationChanges = QueryDeepPartialEntity<EvaluationEntity>;

/**
 * The document's latest generation run, read as an edit or a publication is written: recorded as
 * the evaluation's `reviewedRun`, it keeps a generation under way from replacing their review.
 */
export const CURRENT_GENERATION_RUN = () =>
  '(SELECT d.evaluation_run FROM documents d WHERE d.id = "evaluations"."document_id")';

/** As the library's contract answers them (libraryRpc.publishedEvaluations, .documentHealth). */
export type PublishedEvaluationRow = RpcAnswer<typeof libraryRpc.publishedEvaluations>[number];
export type DocumentHealthRow = RpcAnswer<typeof libraryRpc.documentHealth>[number];

/** The documents' evaluations, one per document. */
@Injectable()
export class EvaluationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get evaluations() {
    return this.db.getRepository(EvaluationEntity);
  }

  findForDocument(organizationId: number, documentId: number): Promise<EvaluationEntity | null> {
    return this.evaluations.findOneBy({ documentId, organizationId });
  }

  findInOrganization(organizationId: number, id: number): Promise<EvaluationEntity | null> {
    return this.evaluations.findOneBy({ id, organizationId });
  }

  /** The evaluation, which must exist; in `tx` when given (as the change just written left it). */
  getById(id: number, tx?: EntityManager): Promise<EvaluationEntity> {
    return (tx ?? this.db.manager).getRepository(EvaluationEntity).findOneByOrFail({ id });
  }

  /**
   * The evaluation, locked until `tx` ends: an edit compares it with what the editor read, and a
   * save or a generation's write waiting for the lock then reads the row as the first left it.
   */
  lockForEdit(tx: EntityManager, id: number): Promise<EvaluationEntity> {
    return tx
      .getRepository(EvaluationEntity)
      .findOneOrFail({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** In `tx` when given (a change whose event is written with it). */
  async update(id: number, changes: EvaluationChanges, tx?: EntityManager): Promise<void> {
    await (tx ?? this.db.manager).getRepository(EvaluationEntity).update(id, changes);
  }

  /**
   * Publishes the evaluation unless it already is: whether this call did. Two requests at once
   * both read a draft; the row lock makes the second see the first's publication and change
   * nothing, so the fact is told once.
   */
  async publishDraft(id: number, changes: EvaluationChanges, tx: EntityManager): Promise<boolean> {
    const criteria = { id, status: Not('published' as const) };
    const { affected } = await tx.getRepository(EvaluationEntity).update(criteria, changes);
    return (affected ?? 0) > 0;
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** These documents of the organization, each with its evaluation and whether it is published. */
  async published(
    organizationId: number,
    documentIds: number[],
  ): Promise<PublishedEvaluationRow[]> {
    // Raw SQL: one join answering the contract's rows.
    return (await this.db.query(
      `SELECT d.id AS "documentId", d.title, e.id AS "evaluationId", coalesce(e.status = 'published', false) AS published
         FROM documents d LEFT JOIN evaluations e ON e.document_id = d.id
        WHERE d.organization_id = $1 AND d.id = ANY($2::int[])`,
      [organizationId, documentIds],
    )) as PublishedEvaluationRow[];
  }

  /** Every document's processing and evaluation state. */
  async documentHealth(organizationId: number): Promise<DocumentHealthRow[]> {
    // Raw SQL: one join answering the contract's rows.
    return (await this.db.query(
      `SELECT d.id AS "documentId", d.title, d.sop_processed AS "sopProcessed",
              coalesce(d.processing_error, d.sop_error) AS "processingError",
              e.id AS "evaluationId", e.status AS "evaluationStatus",
              d.evaluation_generation_error AS "evaluationError"
         FROM documents d LEFT JOIN evaluations e ON e.document_id = d.id
        WHERE d.organization_id = $1
        ORDER BY d.id`,
      [organizationId],
    )) as DocumentHealthRow[];
  }

  /**
   * The document's evaluation, read and locked in the transaction saving a generation: an edit
   * or a publication at the same moment either lands first (and is seen here) or waits.
   */
  findGenerated(tx: EntityManager, documentId: number): Promise<EvaluationEntity | null> {
    return tx
      .getRepository(EvaluationEntity)
      .findOne({ where: { documentId }, lock: { mode: 'pessimistic_write' } });
  }

  /** A first generation of the document; its id. */
  async insertGenerated(tx: EntityManager, row: DeepPartial<EvaluationEntity>): Promise<number> {
    const evaluations = tx.getRepository(EvaluationEntity);
    return (await evaluations.save(evaluations.create(row))).id;
  }

  async updateGenerated(tx: EntityManager, id: number, changes: EvaluationChanges): Promise<void> {
    await tx.getRepository(EvaluationEntity).update(id, changes);
  }
}
