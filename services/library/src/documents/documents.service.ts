import { text } from 'node:stream/consumers';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  type DocumentFilter,
  type DocumentList,
  type DocumentMarkdown,
  ERROR_TEXTS,
  type LibraryDocument,
  type libraryRpc,
  type RpcRequest,
} from '@hub/proto';
import {
  belongsToOrganization,
  type EventPublisher,
  type ObjectStorage,
  Outbox,
  RpcFailure,
} from '@hub/kit';
import { QUIZ_GENERATION, STORAGE } from '../config.js';
import type { QuizGeneration } from '../processing/quiz-generation.js';
import { FoldersRepository } from '../folders/folders.repository.js';
import { TagsService } from '../tags/tags.service.js';
import { PdfProcessing } from '../processing/pdf-processing.js';
import type { DocumentEntity } from './document.entity.js';
import { tagsById, toDocumentView } from './document-view.js';
import { DocumentsRepository } from './documents.repository.js';

type NewDocument = RpcRequest<typeof libraryRpc.createDocument>;

export const NOT_FOUND = ERROR_TEXTS.document_not_found;

@Injectable()
export class DocumentsService {
  private readonly logger = new Logger('Documents');

  constructor(
    @Inject(DocumentsRepository) private readonly documents: DocumentsRepository,
    @Inject(FoldersRepository) private readonly folders: FoldersRepository,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(TagsService) private readonly tags: TagsService,
    @Inject(PdfProcessing) private readonly processing: PdfProcessing,
    @Inject(QUIZ_GENERATION) private readonly quiz: QuizGeneration,
    @Inject(Outbox) private readonly events: EventPublisher,
  ) {}

  /** The document if it belongs to the actor's organization; others' documents do not exist. */
  async find(actor: Actor, documentId: number): Promise<DocumentEntity> {
    const document = await this.documents.findInOrganization(actor.organizationId, documentId);
    if (!document) throw RpcFailure.notFound(NOT_FOUND);
    return document;
  }

  async get(actor: Actor, documentId: number): Promise<LibraryDocument> {
    const document = await this.find(actor, documentId);
    const statuses = await this.evaluationStatuses([document.id]);
    return toDocumentView(document, statuses.get(document.id) ?? null);
  }

  private async evaluationStatuses(
    documentIds: number[],
  ): Promise<Map<number, 'draft' | 'published'>> {
    if (documentIds.length === 0) return new Map();
    return this.documents.evaluationStatuses(documentIds);
  }

  list(actor: Actor, filter: DocumentFilter): Promise<DocumentList> {
    return this.documents.page(actor.organizationId, filter);
  }

  async sopsForAnalysis(organizationId: number, documentIds: number[]) {
    if (documentIds.length === 0) return [];
    const rows = await this.documents.processedSops(organizationId, documentIds);
    return rows
      .filter((row) => row.textKey)
      .map((row) => ({ sopId: row.id, sopTitle: row.title, textKey: row.textKey! }));
  }

  /** Only the id and title columns are read: callers need no text, key or metadata. */
  async sopTitles(organizationId: number, documentIds: number[]) {
    if (documentIds.length === 0) return [];
    const rows = await this.documents.processedSopTitles(organizationId, documentIds);
    return rows.map((row) => ({ id: row.id, title: row.title }));
  }

  /** Processed SOPs of one organization, by title, for tying them to camera assignments. */
  async organizationSops(organizationId: number) {
    const rows = await this.documents.processedSopsByTitle(organizationId);
    return rows.map((row) => ({ id: row.id, title: row.title }));
  }

  /** Tag names per document; documents of other organizations are left out. */
  async documentTags(organizationId: number, documentIds: number[]) {
    if (documentIds.length === 0) return [];
    const rows = await this.documents.withTags(organizationId, documentIds);
    return rows.map((row) => ({
      documentId: row.id,
      tags: tagsById(row.tags).map((tag) => tag.name),
    }));
  }

  async checkFolder(actor: Actor, folderId: number): Promise<void> {
    const exists = await this.folders.exists(actor.organizationId, folderId);
    if (!exists) throw RpcFailure.validation('That folder does not exist.', 'folderId');
  }

  /** Records an uploaded PDF and starts its processing. */
  async create(request: NewDocument): Promise<LibraryDocument> {
    const { actor } = request;
    if (
      !belongsToOrganization(request.sourceKey, actor.organizationId) ||
      !request.sourceKey.startsWith(request.storagePrefix)
    ) {
      throw RpcFailure.forbidden();
    }
    if (request.folderId) await this.checkFolder(actor, request.folderId);
    const tags = await this.tags.findOrCreate(actor, request.tagNames);
    // The document and its first version exist together or not at all.
    const saved = await this.documents.createWithFirstVersion({
      organizationId: actor.organizationId,
      folderId: request.folderId ?? null,
      title: request.title || request.fileName.replace(/\.pdf$/i, ''),
      description: request.description || null,
      fileName: request.fileName,
      fileSize: request.fileSize,
      storagePrefix: request.storagePrefix,
      sourceKey: request.sourceKey,
      uploadedBy: actor.userId,
      tags,
    });
    await this.processing.enqueue(saved);
    return this.get(actor, saved.id);
  }

  /**
   * Runs again what failed, as a new run whose results replace the old ones: the PDF
   * processing when it failed; else the evaluation generation when it failed or was refused
   * (the stored content stands, so the PDF is not read again, even beside an OCR error: the
   * Evaluation tab's Retry); else the processing when only OCR of some pages failed (their
   * text is missing: the list's OCR Retry, still offered once the evaluation is generated).
   */
  async retry(actor: Actor, documentId: number): Promise<LibraryDocument> {
    const document = await this.find(actor, documentId);
    if (document.sopError || document.processingError) await this.processing.restart(document);
    else if (document.evaluationGenerationError && document.sopProcessed)
      await this.quiz.start(document);
    else if (document.ocrError) await this.processing.restart(document);
    else
      throw new RpcFailure('conflict', 'Only a document whose processing failed can be retried.');
    return this.get(actor, documentId);
  }

  /**
   * The record, its versions, images, tag links and search entry go at once; then the jobs still
   * waiting and the stored files of every version, as the row was when deleted (a version added
   * meanwhile included: the delete reads them under the row's lock).
   */
  async delete(actor: Actor, documentId: number): Promise<{ message: string }> {
    const found = await this.find(actor, documentId);
    // With the delete, so job functions, courses and cameras never keep an SOP that is gone.
    const deleted = await this.documents.delete(found.id, (tx) =>
      this.events.publish(
        { type: 'document.deleted', organizationId: found.organizationId, documentId: found.id },
        tx,
      ),
    );
    // Someone else's delete came first: theirs removes the files; this one says it is gone.
    if (!deleted) throw RpcFailure.notFound(NOT_FOUND);
    const { document, files } = deleted;
    await this.processing.cancel(document);
    await this.quiz.cancel(document);
    // Uploads before folders: a PDF run still writing looks for its upload after each write, so
    // it either finds it gone and removes what it wrote, or wrote before the folders are listed.
    for (const key of new Set([...files.map((file) => file.sourceKey), document.sourceKey]))
      await this.storage.remove(key);
    for (const prefix of new Set([
      ...files.map((file) => file.storagePrefix),
      document.storagePrefix,
    ]))
      await this.storage.removePrefix(prefix);
    return { message: `Document ${document.title} deleted` };
  }

  async file(actor: Actor, documentId: number) {
    const document = await this.find(actor, documentId);
    return { key: document.sourceKey, fileName: document.fileName };
  }

  /**
   * The content of the version processed last, named by its number: while a newer one is
   * processed, or after it failed, the row keeps the earlier version's (as My SOPs shows it).
   */
  async markdown(actor: Actor, documentId: number): Promise<DocumentMarkdown> {
    const document = await this.find(actor, documentId);
    const { markdownKey, textKey } = document;
    if (!markdownKey) {
      throw RpcFailure.notFound(
        'Document content not available - processing may still be in progress',
      );
    }
    const [version, markdown, plain] = await Promise.all([
      this.documents.contentVersion(document.id, markdownKey),
      text(await this.storage.get(markdownKey)),
      textKey ? text(await this.storage.get(textKey)) : Promise.resolve(''),
    ]);
    return { version: version ?? document.currentVersion, markdown, text: plain };
  }

  async image(actor: Actor, documentId: number, imageId: string) {
    const document = await this.find(actor, documentId);
    const image = await this.documents.findImage(document.id, imageId);
    if (!image) throw RpcFailure.notFound('Image not found');
    return { key: image.storageKey };
  }
}
