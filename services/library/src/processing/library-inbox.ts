import { text } from 'node:stream/consumers';
import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  type ExtractedImage,
  FAILURE_REASONS,
  LibraryInboxMessage,
  type NotificationRequest,
} from '@hub/proto';
import { bounded, type ObjectStorage, type WebhookAnnouncer } from '@hub/kit';
import type { DocumentEntity } from '../documents/document.entity.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { EvaluationsRepository } from '../evaluations/evaluations.repository.js';
import {
  generationDue,
  saveGeneratedEvaluation,
  withdrawStaleEvaluation,
} from '../evaluations/generated-evaluation.js';
import { type LibraryNotifier, noticeKey } from './library-notifier.js';
import type { QuizGeneration } from './quiz-generation.js';
import { PROCESSED, PROCESSING } from './document-stages.js';
import { type DocumentImageRow, ProcessingRepository } from './processing.repository.js';
import { VersionsRepository } from '../versions/versions.repository.js';
import type { AcknowledgementRequests } from '../acknowledgements/acknowledgement-requests.js';
import type { SafetyReobservation } from '../versions/safety-reobservation.js';

type Message<K extends LibraryInboxMessage['kind']> = Extract<LibraryInboxMessage, { kind: K }>;

/**
 * Applies what workers report about a document. Every update is tied to the processing or
 * generation run it belongs to, so a late message of an earlier run never overwrites a retry's
 * state; applying the same message twice gives the same state.
 */
export class LibraryInbox {
  private readonly logger = new Logger('LibraryInbox');
  private readonly documents: DocumentsRepository;
  private readonly evaluations: EvaluationsRepository;
  private readonly runs: ProcessingRepository;
  private readonly versions: VersionsRepository;

  constructor(
    db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly quiz: QuizGeneration,
    private readonly notifier: LibraryNotifier,
    private readonly acknowledgements: AcknowledgementRequests,
    private readonly reobservation: SafetyReobservation,
    private readonly webhooks: WebhookAnnouncer,
  ) {
    this.versions = new VersionsRepository(db);
    this.documents = new DocumentsRepository(db, this.versions);
    this.evaluations = new EvaluationsRepository(db);
    this.runs = new ProcessingRepository(db);
  }

  async handle(raw: unknown): Promise<void> {
    const message = LibraryInboxMessage.parse(raw);
    switch (message.kind) {
      case 'pdf.progress':
        return this.progress(message);
      case 'pdf.processed':
        return this.processed(message);
      case 'pdf.failed':
        return this.failed(message);
      case 'quiz.generated':
        return this.evaluationGenerated(message);
      case 'quiz.failed':
        return this.evaluationFailed(message);
    }
  }

  private document(documentId: number): Promise<DocumentEntity | null> {
    return this.documents.findById(documentId);
  }

  private async progress(message: Message<'pdf.progress'>): Promise<void> {
    const { documentId, run, stage, current, total } = message;
    await this.runs.reportProgress({ documentId, run, stage, current, total });
  }

  /**
   * Records the run's results with its notice, then its follow-ups: the safety check, the
   * acknowledgement requests and the evaluation's generation. The generation run is recorded
   * with the results, so when a follow-up fails (a database error) the message's retry, which
   * finds the results recorded, runs the follow-ups again and still asks for it; each follow-up
   * does nothing twice.
   */
  private async processed(message: Message<'pdf.processed'>): Promise<void> {
    const document = await this.document(message.documentId);
    if (!document) return this.discardOrphanOutput(message);
    const contentText = await text(await this.storage.get(message.textKey));
    await this.runs.transaction((tx) => this.recordProcessed(tx, document, message, contentText));
    await this.followUp(document.id, message.run);
  }

  /** Only while the run is still the document's and under way. */
  private async recordProcessed(
    tx: EntityManager,
    document: DocumentEntity,
    message: Message<'pdf.processed'>,
    contentText: string,
  ): Promise<void> {
    const done = await this.runs.changeStage(
      {
        documentId: document.id,
        run: message.run,
        from: PROCESSING,
        values: processedValues(message, contentText),
      },
      tx,
    );
    if (!done) return;
    await this.versions.recordProcessed(tx, document.id, message.run, {
      markdownKey: message.markdownKey,
      textKey: message.textKey,
      pageCount: message.pageCount,
    });
    await this.runs.replaceImages(
      tx,
      document.id,
      message.images.map((image) => imageRow(document.id, image)),
    );
    const evaluation = await this.evaluations.findGenerated(tx, document.id);
    if (generationDue(evaluation, document.currentVersion))
      await this.runs.startEvaluationAfter(tx, document.id, message.run);
    await this.webhooks.announce(
      {
        organizationId: document.organizationId,
        type: 'document.processed',
        key: `${document.id}-run-${message.run}`,
        data: {
          documentId: document.id,
          title: bounded(document.title),
          pageCount: message.pageCount,
          imageCount: message.images.length,
          ocrPages: message.ocrPages,
        },
      },
      tx,
    );
    await this.notifier.tell(
      tx,
      document.uploadedBy,
      processedNotice(document, message),
      noticeKey('document-processed', document.id, message.run),
    );
  }

  /** What follows the run's results, unless a newer run replaced the run or it failed since. */
  private async followUp(documentId: number, run: number): Promise<void> {
    const document = await this.document(documentId);
    if (document?.processingRun !== run || !PROCESSED.includes(document.processingStage)) return;
    // Re-observation first, so the acknowledgement request can say whether it was asked for.
    const safetyRelevant = await this.reobservation.check(document);
    await this.acknowledgements.ask(document, safetyRelevant);
    if (document.processingStage === 'generating_evaluation')
      await this.requestEvaluation(document);
  }

  /** Asks the quiz worker for the generation run the document is in. */
  private async requestEvaluation(document: DocumentEntity): Promise<void> {
    try {
      await this.quiz.request(document, document.evaluationRun);
    } catch (error) {
      this.logger.warn(`evaluation of document ${document.id} not started: ${String(error)}`);
      // Only while no generation result arrived: a result or a newer run is left as it is.
      await this.runs.recordEvaluationNotStarted(
        document.id,
        document.evaluationRun,
        EVALUATION_NOT_STARTED,
      );
    }
  }

  /** Fails the run with its notice, in one transaction. */
  private async failed(message: Message<'pdf.failed'>): Promise<void> {
    const { documentId, run, reason } = message;
    const document = await this.document(documentId);
    if (!document) return;
    await this.runs.transaction(async (tx) => {
      if (!(await markFailed(this.runs, this.versions, documentId, run, reason, tx))) return;
      await this.notifier.tell(
        tx,
        document.uploadedBy,
        { type: 'error', key: 'documentFailed', params: { title: document.title, reason } },
        noticeKey('document-failed', documentId, run),
      );
    });
  }

  private async evaluationGenerated(message: Message<'quiz.generated'>): Promise<void> {
    const document = await this.document(message.documentId);
    if (!document) return;
    await this.runs.transaction(async (tx) => {
      const done = await this.runs.changeStage(
        {
          documentId: document.id,
          run: message.run,
          evaluationRun: true,
          from: ['generating_evaluation'],
          values: { processingStage: 'done', evaluationGenerationError: null },
        },
        tx,
      );
      if (!done) return;
      const saved = await saveGeneratedEvaluation(
        tx,
        { evaluations: this.evaluations, versions: this.versions },
        document,
        message,
        async (key) => text(await this.storage.get(key)),
      );
      await this.runs.recordEvaluation(tx, document.id, saved.evaluationId);
      // The run ends either way; a review made while it ran stood, and nothing new is told.
      if (!saved.applied) return;
      await this.notifier.tell(
        tx,
        document.uploadedBy,
        {
          type: 'success',
          key: 'evaluationGenerated',
          params: { title: document.title, questions: message.draft.questions.length },
        },
        noticeKey('evaluation-generated', document.id, message.run),
      );
    });
  }

  private async evaluationFailed(message: Message<'quiz.failed'>): Promise<void> {
    const { documentId, run, reason } = message;
    const document = await this.document(documentId);
    if (!document) return;
    await this.runs.transaction(async (tx) => {
      const applied = await this.runs.changeStage(
        {
          documentId,
          run,
          evaluationRun: true,
          from: ['generating_evaluation'],
          values: { processingStage: 'done', evaluationGenerationError: reason },
        },
        tx,
      );
      if (!applied) return;
      await withdrawStaleEvaluation(
        tx,
        { evaluations: this.evaluations, versions: this.versions },
        document,
        async (key) => text(await this.storage.get(key)),
      );
      await this.notifier.tell(
        tx,
        document.uploadedBy,
        { type: 'error', key: 'evaluationFailed', params: { title: document.title, reason } },
        noticeKey('evaluation-failed', documentId, run),
      );
    });
  }

  /** The document was deleted while the worker ran: what the worker wrote goes too. */
  private async discardOrphanOutput(message: Message<'pdf.processed'>): Promise<void> {
    const exists = await this.documents.exists(message.documentId);
    if (exists) return;
    const prefix = message.markdownKey.slice(0, message.markdownKey.lastIndexOf('/') + 1);
    this.logger.log(`document ${message.documentId} is gone; removing ${prefix}`);
    await this.storage.removePrefix(prefix);
  }
}

/**
 * Why no evaluation is being generated: the queue or the prompt's read failed in words nobody
 * foresaw (Redis's, a database's), logged where it is caught; the row says the generic sentence.
 */
export const EVALUATION_NOT_STARTED: string = FAILURE_REASONS.unexpected_error;

function processedNotice(
  document: DocumentEntity,
  message: Message<'pdf.processed'>,
): NotificationRequest {
  return {
    type: 'success',
    key: 'documentProcessed',
    params: {
      title: document.title,
      pages: message.pageCount,
      images: message.images.length,
      ocrPages: message.ocrPages,
    },
  };
}

function imageRow(documentId: number, image: ExtractedImage): DocumentImageRow {
  return {
    documentId,
    imageId: image.id,
    storageKey: image.key,
    page: image.page,
    width: image.width,
    height: image.height,
  };
}

function processedValues(message: Message<'pdf.processed'>, contentText: string) {
  return {
    processed: true,
    sopProcessed: true,
    sopError: null,
    processingError: null,
    ocrProcessed: message.ocrPages > 0 && !message.ocrError,
    ocrError: message.ocrError,
    pageCount: message.pageCount,
    imageCount: message.images.length,
    markdownKey: message.markdownKey,
    textKey: message.textKey,
    // PostgreSQL text cannot hold NUL characters.
    contentText: contentText.split('\u0000').join(''),
    processingStage: 'done' as const,
    progressCurrent: null,
    progressTotal: null,
  };
}

/**
 * Fails the run, unless it already ended (done or failed) or a newer run replaced it; in `tx`
 * when given (the transaction writing its notice).
 */
export async function markFailed(
  runs: ProcessingRepository,
  versions: VersionsRepository,
  documentId: number,
  run: number,
  reason: string,
  tx?: EntityManager,
): Promise<boolean> {
  const failed = await runs.changeStage(
    {
      documentId,
      run,
      from: PROCESSING,
      values: {
        processed: false,
        sopProcessed: false,
        sopError: reason,
        processingError: reason,
        processingStage: 'failed',
      },
    },
    tx,
  );
  if (failed) await versions.recordFailed(documentId, run, reason, tx);
  return failed;
}
