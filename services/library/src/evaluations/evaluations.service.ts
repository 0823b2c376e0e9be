import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type Actor,
  ERROR_TEXTS,
  type Evaluation,
  EVALUATION_CHANGED,
  TRAINING_EDITORS,
  type EvaluationDraft,
  type LibraryDocument,
  observationRpc,
  type ReviewEvaluation,
} from '@hub/proto';
import { bounded, RpcClient, RpcFailure, WebhookAnnouncer } from '@hub/kit';
import { QUIZ_GENERATION } from '../config.js';
import { DocumentsService } from '../documents/documents.service.js';
import type { QuizGeneration } from '../processing/quiz-generation.js';
import type { EvaluationEntity, StoredQuestion } from './evaluation.entity.js';
import { CURRENT_GENERATION_RUN, EvaluationsRepository } from './evaluations.repository.js';
import {
  highestQuestionNumber,
  toPublicView,
  toReviewView,
  toStoredQuestions,
} from './evaluation-view.js';

export const NO_EVALUATION = 'No evaluation available for this document';
export const OBSERVED_ON_IT = ERROR_TEXTS.evaluation_observed;

const isReviewer = (actor: Actor) => (TRAINING_EDITORS as readonly string[]).includes(actor.role);

/** The changed marks of the questions an edit kept (a question kept keeps its id). */
function carriedMarks(row: EvaluationEntity, questions: StoredQuestion[]): string[] {
  return questions
    .filter((question) => row.changedQuestionIds.includes(question.id))
    .map((question) => question.id);
}

/** How long a read waits to learn whether its reviewer is observed on the SOP. */
const OBSERVED_CHECK_TIMEOUT_MS = 2_000;

@Injectable()
export class EvaluationsService {
  private readonly logger = new Logger('Evaluations');

  constructor(
    @Inject(EvaluationsRepository) private readonly evaluations: EvaluationsRepository,
    @Inject(DocumentsService) private readonly documents: DocumentsService,
    @Inject(QUIZ_GENERATION) private readonly quiz: QuizGeneration,
    @Inject(WebhookAnnouncer) private readonly webhooks: WebhookAnnouncer,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  /**
   * Reviewers see the correct answers; everyone else only the questions and options. So does a
   * reviewer being observed on the evaluation's SOP (a training supervisor is observable), until
   * that observation is completed: they are answering it.
   */
  private async view(actor: Actor, row: EvaluationEntity): Promise<ReviewEvaluation | Evaluation> {
    if (!isReviewer(actor)) return toPublicView(row);
    return (await this.mayBeObservedOn(actor, row.documentId))
      ? toPublicView(row)
      : toReviewView(row);
  }

  /**
   * For a read: whether the reviewer may be observed on the document. When observation does not
   * answer soon (away, or of the previous release, which has no such question, during a rolling
   * upgrade), the questions are still served, without their answers: no guess shows them, and no
   * reviewer's read waits for the RPC's whole timeout or fails.
   */
  private async mayBeObservedOn(actor: Actor, documentId: number): Promise<boolean> {
    try {
      return await this.observedOn(actor, documentId, OBSERVED_CHECK_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn(`observed sessions of user ${actor.userId} unknown: ${String(error)}`);
      return true;
    }
  }

  /**
   * Whether an observation of the actor on the document is not completed. Asked of observation
   * at each read, not kept here from its events: its committed rows are the answer at that
   * moment, with no delay after a start in which the answers would still be shown. When it
   * cannot answer, neither does this (no answers shown on a guess).
   */
  private async observedOn(actor: Actor, documentId: number, timeoutMs?: number): Promise<boolean> {
    const observed = await this.rpc.call(
      observationRpc.observedOperatorDocuments,
      { organizationId: actor.organizationId, userId: actor.userId },
      timeoutMs,
    );
    return observed.includes(documentId);
  }

  /** Editing and publishing answer with the answers: refused to one observed on it. */
  private async refuseObserved(actor: Actor, documentId: number): Promise<void> {
    if (await this.observedOn(actor, documentId)) throw RpcFailure.forbidden(OBSERVED_ON_IT);
  }

  private async ofDocumentRow(actor: Actor, documentId: number): Promise<EvaluationEntity> {
    const document = await this.documents.find(actor, documentId);
    const row = await this.evaluations.findForDocument(actor.organizationId, document.id);
    if (!row) throw RpcFailure.notFound(NO_EVALUATION);
    return row;
  }

  async ofDocument(actor: Actor, documentId: number) {
    return this.view(actor, await this.ofDocumentRow(actor, documentId));
  }

  async get(actor: Actor, evaluationId: number) {
    const row = await this.evaluations.findInOrganization(actor.organizationId, evaluationId);
    if (!row) throw RpcFailure.notFound('Evaluation not found');
    return this.view(actor, row);
  }

  async forObservation(organizationId: number, evaluationId: number): Promise<ReviewEvaluation> {
    const row = await this.evaluations.findInOrganization(organizationId, evaluationId);
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
    return this.evaluations.published(organizationId, documentIds);
  }

  /** For recommendations: every document's processing and evaluation state. */
  documentHealth(organizationId: number) {
    return this.evaluations.documentHealth(organizationId);
  }

  /**
   * Saves a reviewer's draft over the evaluation they read (`readAt`, its `updatedAt`): one that
   * changed since (another person's save, a generation) is refused, not silently overwritten.
   * The row is locked from the comparison to the write, so of two saves made from one read, the
   * second finds the first's. Without `readAt` (an older API client) the save is the last word.
   */
  async update(
    actor: Actor,
    documentId: number,
    draft: EvaluationDraft,
    readAt?: string,
  ): Promise<ReviewEvaluation> {
    const { id } = await this.ofDocumentRow(actor, documentId);
    await this.refuseObserved(actor, documentId);
    const saved = await this.evaluations.transaction(async (tx) => {
      const row = await this.evaluations.lockForEdit(tx, id);
      if (readAt !== undefined) this.unchangedSince(row, readAt);
      const questions = toStoredQuestions(draft.questions, row.questions, row.lastQuestionNumber);
      const changes = {
        title: draft.title,
        description: draft.description,
        questions,
        lastQuestionNumber: highestQuestionNumber(questions, row.lastQuestionNumber),
        changedQuestionIds: carriedMarks(row, questions),
        keyLearningPoints: draft.keyLearningPoints,
        // Later than the version it replaces even on a clock behind the one that wrote that,
        // so the next editor's read names this save and no other.
        updatedAt: new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1)),
        updatedBy: actor.userId,
        reviewedRun: CURRENT_GENERATION_RUN,
      };
      await this.evaluations.update(id, changes, tx);
      return this.evaluations.getById(id, tx);
    });
    return toReviewView(saved);
  }

  /**
   * Publishes the evaluation the publisher read (`readAt`, as `update`): one a save or a
   * generation changed since is refused, so nobody publishes questions they have not seen.
   */
  async publish(actor: Actor, documentId: number, readAt?: string): Promise<ReviewEvaluation> {
    const row = await this.ofDocumentRow(actor, documentId);
    await this.refuseObserved(actor, documentId);
    if (row.status !== 'published') {
      await this.evaluations.transaction(async (tx) => {
        if (readAt !== undefined) await this.checkUnchanged(tx, row.id, readAt);
        const published = {
          status: 'published' as const,
          publishedAt: new Date(),
          publishedBy: actor.userId,
          // Published means reviewed: the marks of what a new version changed have done their job.
          changedQuestionIds: [],
          removedQuestions: 0,
          // A generation under way does not replace what was published meanwhile.
          reviewedRun: CURRENT_GENERATION_RUN,
        };
        if (!(await this.evaluations.publishDraft(row.id, published, tx))) return;
        await this.webhooks.announce(
          {
            organizationId: actor.organizationId,
            type: 'evaluation.published',
            // Per publication: a new version sends the evaluation back to draft, to publish again.
            key: `${row.id}-${published.publishedAt.getTime()}`,
            data: {
              evaluationId: row.id,
              documentId,
              title: bounded(row.title),
              questionCount: row.questions.length,
            },
          },
          tx,
        );
      });
    }
    return toReviewView(await this.evaluations.getById(row.id));
  }

  /** Locks the evaluation and refuses it when it changed since `readAt`. */
  private async checkUnchanged(tx: EntityManager, id: number, readAt: string): Promise<void> {
    this.unchangedSince(await this.evaluations.lockForEdit(tx, id), readAt);
  }

  private unchangedSince(row: EvaluationEntity, readAt: string): void {
    if (row.updatedAt.getTime() !== Date.parse(readAt))
      throw new RpcFailure('conflict', EVALUATION_CHANGED);
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
