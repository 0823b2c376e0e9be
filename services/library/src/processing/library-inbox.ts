import { text } from 'node:stream/consumers';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { LibraryInboxMessage, type ExtractedImage } from '@hub/proto';
import type { ObjectStorage } from '@hub/kit';
import { DocumentEntity } from '../documents/document.entity.js';
import { DocumentImageEntity } from '../documents/document-image.entity.js';

type Message<K extends LibraryInboxMessage['kind']> = Extract<LibraryInboxMessage, { kind: K }>;

const FINAL_STAGES = ['done', 'failed'];

/**
 * Applies what workers report about a document. Every update is tied to the processing run it
 * belongs to, so a late message of an earlier run never overwrites a retry's state; applying the
 * same message twice gives the same state.
 */
export class LibraryInbox {
  private readonly logger = new Logger('LibraryInbox');

  constructor(
    private readonly db: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async handle(raw: unknown): Promise<void> {
    const message = LibraryInboxMessage.parse(raw);
    if (message.kind === 'pdf.progress') return this.progress(message);
    if (message.kind === 'pdf.processed') return this.processed(message);
    return this.failed(message);
  }

  private async current(documentId: number, run: number): Promise<DocumentEntity | null> {
    const document = await this.db.getRepository(DocumentEntity).findOneBy({ id: documentId });
    return document && document.processingRun === run ? document : null;
  }

  private async progress(message: Message<'pdf.progress'>): Promise<void> {
    const document = await this.current(message.documentId, message.run);
    if (!document || FINAL_STAGES.includes(document.processingStage)) return;
    await this.db.getRepository(DocumentEntity).update(document.id, {
      processingStage: message.stage,
      progressCurrent: message.current,
      progressTotal: message.total,
      progressUpdatedAt: new Date(),
    });
  }

  private async processed(message: Message<'pdf.processed'>): Promise<void> {
    const document = await this.current(message.documentId, message.run);
    if (!document) return this.discardOrphanOutput(message);
    const contentText = await text(await this.storage.get(message.textKey));
    await this.db.transaction(async (tx) => {
      await tx.getRepository(DocumentImageEntity).delete({ documentId: document.id });
      if (message.images.length > 0) {
        await tx
          .getRepository(DocumentImageEntity)
          .insert(message.images.map((image) => this.imageRow(document.id, image)));
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
  }

  private imageRow(documentId: number, image: ExtractedImage) {
    return {
      documentId,
      imageId: image.id,
      storageKey: image.key,
      page: image.page,
      width: image.width,
      height: image.height,
    };
  }

  private async failed(message: Message<'pdf.failed'>): Promise<void> {
    const document = await this.current(message.documentId, message.run);
    if (!document) return;
    await markFailed(this.db, document.id, message.reason);
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
