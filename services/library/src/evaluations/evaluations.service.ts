import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type Actor,
  type Evaluation,
  EVALUATION_REVIEWERS,
  type EvaluationDraft,
  type LibraryDocument,
  type ReviewEvaluation,
} from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { QUIZ_GENERATION } from '../config.js';
import { DocumentsService } from '../documents/documents.service.js';
import type { QuizGeneration } from '../processing/quiz-generation.js';
import { EvaluationEntity, type StoredQuestion } from './evaluation.entity.js';
import { toPublicView, toReviewView, toStoredQuestions } from './evaluation-view.js';

export const NO_EVALUATION = 'No evaluation available for this document';

const isReviewer = (actor: Actor) =>
  (EVALUATION_REVIEWERS as readonly string[]).includes(actor.role);

/** An edit renumbers the questions: the changed marks follow their questions' texts. */
function carriedMarks(row: EvaluationEntity, questions: StoredQuestion[]): string[] {
  const marked = new Set(
    row.questions
      .filter((question) => row.changedQuestionIds.includes(question.id))
      .map((question) => question.text),
  );
  return questions.filter((question) => marked.has(question.text)).map((question) => question.id);
}

@Injectable()
export class EvaluationsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(DocumentsService) private readonly documents: DocumentsService,
    @Inject(QUIZ_GENERATION) private readonly quiz: QuizGeneration,
  ) {}

  private get evaluations() {
    return this.db.getRepository(EvaluationEntity);
  }

  /** Reviewers see the correct answers; everyone else only the questions and options. */
  private view(actor: Actor, row: EvaluationEntity): ReviewEvaluation | Evaluation {
    return isReviewer(actor) ? toReviewView(row) : toPublicView(row);
  }

  private async ofDocumentRow(actor: Actor, documentId: number): Promise<EvaluationEntity> {
    const document = await this.documents.find(actor, documentId);
    const row = await this.evaluations.findOneBy({
      documentId: document.id,
      organizationId: actor.organizationId,
    });
    if (!row) throw RpcFailure.notFound(NO_EVALUATION);
    return row;
  }

  async ofDocument(actor: Actor, documentId: number) {
    return this.view(actor, await this.ofDocumentRow(actor, documentId));
  }

  async get(actor: Actor, evaluationId: number) {
    const row = await this.evaluations.findOneBy({
      id: evaluationId,
      organizationId: actor.organizationId,
    });
    if (!row) throw RpcFailure.notFound('Evaluation not found');
    return this.view(actor, row);
  }

  async forObservation(organizationId: number, evaluationId: number): Promise<ReviewEvaluation> {
    const row = await this.evaluations.findOneBy({ id: evaluationId, organizationId });
    if (!row)
      throw RpcFailure.validation('Please select a document with evaluation', 'evaluationId');
    if (row.status !== 'published') {
      throw RpcFailure.validation(
        'This evaluation is not published yet. Publish it before starting an observation.',
        'evaluationId',
      );
    }
    return toReviewView(row);
  }

  async published(organizationId: number, documentIds: number[]) {
    if (documentIds.length === 0) return [];
    return (await this.db.query(
      `SELECT d.id AS "documentId", d.title, e.id AS "evaluationId", coalesce(e.status = 'published', false) AS published
         FROM documents d LEFT JOIN evaluations e ON e.document_id = d.id
        WHERE d.organization_id = $1 AND d.id = ANY($2::int[])`,
      [organizationId, documentIds],
    )) as { documentId: number; title: string; evaluationId: number | null; published: boolean }[];
  }

  /** For recommendations: every document's processing and evaluation state. */
  async documentHealth(organizationId: number) {
    return (await this.db.query(
      `SELECT d.id AS "documentId", d.title, d.sop_processed AS "sopProcessed",
              coalesce(d.processing_error, d.sop_error) AS "processingError",
              e.id AS "evaluationId", e.status AS "evaluationStatus",
              d.evaluation_generation_error AS "evaluationError"
         FROM documents d LEFT JOIN evaluations e ON e.document_id = d.id
        WHERE d.organization_id = $1
        ORDER BY d.id`,
      [organizationId],
    )) as {
      documentId: number;
      title: string;
      sopProcessed: boolean;
      processingError: string | null;
      evaluationId: number | null;
      evaluationStatus: 'draft' | 'published' | null;
      evaluationError: string | null;
    }[];
  }

  async update(
    actor: Actor,
    documentId: number,
    draft: EvaluationDraft,
  ): Promise<ReviewEvaluation> {
    const row = await this.ofDocumentRow(actor, documentId);
    const questions = toStoredQuestions(draft.questions);
    await this.evaluations.update(row.id, {
      title: draft.title,
      description: draft.description,
      questions,
      changedQuestionIds: carriedMarks(row, questions),
      keyLearningPoints: draft.keyLearningPoints,
      updatedAt: new Date(),
      updatedBy: actor.userId,
    });
    return toReviewView(await this.evaluations.findOneByOrFail({ id: row.id }));
  }

  async publish(actor: Actor, documentId: number): Promise<ReviewEvaluation> {
    const row = await this.ofDocumentRow(actor, documentId);
    if (row.status !== 'published') {
      await this.evaluations.update(row.id, {
        status: 'published',
        publishedAt: new Date(),
        publishedBy: actor.userId,
        // Published means reviewed: the marks of what a new version changed have done their job.
        changedQuestionIds: [],
        removedQuestions: 0,
      });
    }
    return toReviewView(await this.evaluations.findOneByOrFail({ id: row.id }));
  }

  async regenerate(actor: Actor, documentId: number): Promise<LibraryDocument> {
    const document = await this.documents.find(actor, documentId);
    if (!document.sopProcessed) {
      throw new RpcFailure(
        'conflict',
        'The document must be processed before an evaluation can be generated.',
      );
    }
    await this.quiz.start(document);
    return this.documents.get(actor, documentId);
  }
}
