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

  /** The evaluation, which must exist. */
  getById(id: number): Promise<EvaluationEntity> {
    return this.evaluations.findOneByOrFail({ id });
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

  /** The document's evaluation, read in the transaction saving a generation. */
  findGenerated(tx: EntityManager, documentId: number): Promise<EvaluationEntity | null> {
    return tx.getRepository(EvaluationEntity).findOneBy({ documentId });
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
