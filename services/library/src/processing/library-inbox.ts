import { text } from 'node:stream/consumers';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { type ExtractedImage, LibraryInboxMessage } from '@hub/proto';
import type { ObjectStorage } from '@hub/kit';
import { DocumentEntity } from '../documents/document.entity.js';
import { DocumentImageEntity } from '../documents/document-image.entity.js';
import { saveGeneratedEvaluation } from '../evaluations/generated-evaluation.js';
import type { LibraryNotifier } from './library-notifier.js';
import type { QuizGeneration } from './quiz-generation.js';

type Message<K extends LibraryInboxMessage['kind']> = Extract<LibraryInboxMessage, { kind: K }>;

const FINAL_STAGES = ['done', 'failed'];

/**
 * Applies what workers report about a document. Every update is tied to the processing or
 * generation run it belongs to, so a late message of an earlier run never overwrites a retry's
 * state; applying the same message twice gives the same state.
 */
export class LibraryInbox {
  private readonly logger = new Logger('LibraryInbox');

  constructor(
    private readonly db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly quiz: QuizGeneration,
    private readonly notifier: LibraryNotifier,
  ) {}

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

  private async ofRun(documentId: number, run: number): Promise<DocumentEntity | null> {
    const document = await this.db.getRepository(DocumentEntity).findOneBy({ id: documentId });
    return document && document.processingRun === run ? document : null;
  }

  private async ofEvaluationRun(documentId: number, run: number): Promise<DocumentEntity | null> {
    const document = await this.db.getRepository(DocumentEntity).findOneBy({ id: documentId });
    return document && document.evaluationRun === run ? document : null;
  }

  private async progress(message: Message<'pdf.progress'>): Promise<void> {
    const document = await this.ofRun(message.documentId, message.run);
    if (!document || FINAL_STAGES.includes(document.processingStage) || document.sopProcessed)
      return;
    await this.db.getRepository(DocumentEntity).update(document.id, {
      processingStage: message.stage,
      progressCurrent: message.current,
      progressTotal: message.total,
      progressUpdatedAt: new Date(),
    });
  }

  private async processed(message: Message<'pdf.processed'>): Promise<void> {
    const document = await this.ofRun(message.documentId, message.run);
    if (!document) return this.discardOrphanOutput(message);
    if (document.sopProcessed) return;
    const contentText = await text(await this.storage.get(message.textKey));
    await this.db.transaction(async (tx) => {
      await tx.getRepository(DocumentImageEntity).delete({ documentId: document.id });
      if (message.images.length > 0) {
        await tx
          .getRepository(DocumentImageEntity)
          .insert(message.images.map((image) => imageRow(document.id, image)));
      }
      await tx.getRepository(DocumentEntity).update(document.id, {
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
        processingStage: 'done',
        progressCurrent: null,
        progressTotal: null,
        progressUpdatedAt: new Date(),
      });
    });
    await this.notifier.tell(document.uploadedBy, {
      type: 'success',
      title: 'Document processed',
      message: `"${document.title}" was processed: ${message.pageCount} page(s), ${message.images.length} image(s)${message.ocrPages ? `, ${message.ocrPages} page(s) read by OCR` : ''}.`,
    });
    await this.generateEvaluation(document.id);
  }

  private async generateEvaluation(documentId: number): Promise<void> {
    const document = await this.db
      .getRepository(DocumentEntity)
      .findOneByOrFail({ id: documentId });
    try {
      await this.quiz.start(document);
    } catch (error) {
      this.logger.warn(`evaluation of document ${documentId} not started: ${String(error)}`);
      await this.db.getRepository(DocumentEntity).update(documentId, {
        evaluationGenerationError: `Evaluation generation could not start: ${error instanceof Error ? error.message : String(error)}`,
        processingStage: 'done',
      });
    }
  }

  private async failed(message: Message<'pdf.failed'>): Promise<void> {
    const document = await this.ofRun(message.documentId, message.run);
    if (!document || document.sopProcessed) return;
    await markFailed(this.db, document.id, message.reason);
    await this.notifier.tell(document.uploadedBy, {
      type: 'error',
      title: 'Document processing failed',
      message: `"${document.title}" could not be processed: ${message.reason}`,
    });
  }

  private async evaluationGenerated(message: Message<'quiz.generated'>): Promise<void> {
    const document = await this.ofEvaluationRun(message.documentId, message.run);
    if (!document) return;
    const evaluationId = await saveGeneratedEvaluation(this.db, document, message);
    await this.db.getRepository(DocumentEntity).update(document.id, {
      evaluationGenerated: true,
      evaluationId,
      evaluationGenerationError: null,
      processingStage: 'done',
      progressUpdatedAt: new Date(),
    });
    await this.notifier.tell(document.uploadedBy, {
      type: 'success',
      title: 'Evaluation generated',
      message: `A draft evaluation with ${message.draft.questions.length} question(s) is ready for review on "${document.title}".`,
    });
  }

  private async evaluationFailed(message: Message<'quiz.failed'>): Promise<void> {
    const document = await this.ofEvaluationRun(message.documentId, message.run);
    if (!document) return;
    await this.db.getRepository(DocumentEntity).update(document.id, {
      evaluationGenerationError: message.reason,
      processingStage: 'done',
      progressUpdatedAt: new Date(),
    });
    await this.notifier.tell(document.uploadedBy, {
      type: 'error',
      title: 'Evaluation generation failed',
      message: `No evaluation could be generated for "${document.title}": ${message.reason}`,
    });
  }

  /** The document was deleted while the worker ran: what the worker wrote goes too. */
  private async discardOrphanOutput(message: Message<'pdf.processed'>): Promise<void> {
    const exists = await this.db.getRepository(DocumentEntity).existsBy({ id: message.documentId });
    if (exists) return;
    const prefix = message.markdownKey.slice(0, message.markdownKey.lastIndexOf('/') + 1);
    this.logger.log(`document ${message.documentId} is gone; removing ${prefix}`);
    await this.storage.removePrefix(prefix);
  }
}

function imageRow(documentId: number, image: ExtractedImage) {
  return {
    documentId,
    imageId: image.id,
    storageKey: image.key,
    page: image.page,
    width: image.width,
    height: image.height,
  };
}

export async function markFailed(
  db: DataSource,
  documentId: number,
  reason: string,
): Promise<void> {
  await db.getRepository(DocumentEntity).update(documentId, {
    processed: false,
    sopProcessed: false,
    sopError: reason,
    processingError: reason,
    processingStage: 'failed',
    progressUpdatedAt: new Date(),
  });
}
