import { text } from 'node:stream/consumers';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type DocumentMarkdown,
  type DocumentVersion,
  type DocumentVersionList,
  type LibraryDocument,
  type VersionDiff,
  type libraryRpc,
  type RpcRequest,
} from '@hub/proto';
import {
  belongsToOrganization,
  membersByIds,
  type ObjectStorage,
  RpcClient,
  RpcFailure,
} from '@hub/kit';
import { STORAGE } from '../config.js';
import type { DocumentEntity } from '../documents/document.entity.js';
import type { DocumentVersionEntity } from '../documents/document-version.entity.js';
import { DocumentsService } from '../documents/documents.service.js';
import { PdfProcessing } from '../processing/pdf-processing.js';
import { diffSop } from './step-diff.js';
import { VersionsRepository } from './versions.repository.js';

type NewVersion = RpcRequest<typeof libraryRpc.createDocumentVersion>;

export const VERSION_NOT_FOUND = 'Version not found';
export const versionContentMissing = (version: number) =>
  `Version ${version} content not available - processing may still be in progress`;

/** Where one version's own processing stands, from what its run left on it. */
export function versionState(
  version: DocumentVersionEntity,
  document: Pick<DocumentEntity, 'processingRun'>,
): DocumentVersion['state'] {
  if (version.markdownKey) return 'processed';
  if (version.processingError) return 'failed';
  return version.processingRun === document.processingRun ? 'processing' : 'superseded';
}

@Injectable()
export class VersionsService {
  constructor(
    @Inject(VersionsRepository) private readonly repository: VersionsRepository,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(DocumentsService) private readonly documents: DocumentsService,
    @Inject(PdfProcessing) private readonly processing: PdfProcessing,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  /**
   * Records an uploaded PDF as the document's next version; the document keeps its id, folder,
   * tags and links, and the new file is processed as a new run (a run of the previous version
   * still going is left to finish unseen: its results no longer apply).
   */
  async create(request: NewVersion): Promise<LibraryDocument> {
    const { actor } = request;
    if (
      !belongsToOrganization(request.sourceKey, actor.organizationId) ||
      !request.sourceKey.startsWith(request.storagePrefix)
    ) {
      throw RpcFailure.forbidden();
    }
    const added = await this.repository.addVersion(actor.organizationId, request.documentId, {
      changeNote: request.changeNote,
      storagePrefix: request.storagePrefix,
      sourceKey: request.sourceKey,
      fileName: request.fileName,
      fileSize: request.fileSize,
      uploadedBy: actor.userId,
    });
    if (!added) throw RpcFailure.notFound('Document not found');
    await this.processing.cancelRun(added.document.id, added.previousRun);
    await this.processing.enqueue(added.document);
    // Deleted since the version was recorded (its delete found no job of this run yet to
    // cancel): the job goes, and the 404 has the gateway remove the version's file.
    if (!(await this.repository.documentExists(added.document.id))) {
      await this.processing.cancelRun(added.document.id, added.document.processingRun);
      throw RpcFailure.notFound('Document not found');
    }
    return this.documents.get(actor, added.document.id);
  }

  async list(actor: Actor, documentId: number): Promise<DocumentVersionList> {
    const document = await this.documents.find(actor, documentId);
    const versions = await this.repository.list(document.id);
    const names = await this.memberNames(actor.organizationId, [
      ...new Set(versions.map((version) => version.uploadedBy)),
    ]);
    return {
      documentId: document.id,
      currentVersion: document.currentVersion,
      versions: versions.map((version) => ({
        version: version.version,
        fileName: version.fileName,
        fileSize: version.fileSize,
        pageCount: version.pageCount,
        changeNote: version.changeNote,
        uploadedBy: version.uploadedBy,
        uploadedByName: names.get(version.uploadedBy) ?? null,
        uploadedAt: version.uploadedAt.toISOString(),
        current: version.version === document.currentVersion,
        state: versionState(version, document),
      })),
    };
  }

  /** One version of a document of the actor's organization; others' versions do not exist. */
  async find(actor: Actor, documentId: number, version: number): Promise<DocumentVersionEntity> {
    const document = await this.documents.find(actor, documentId);
    const row = await this.repository.find(document.id, version);
    if (!row) throw RpcFailure.notFound(VERSION_NOT_FOUND);
    return row;
  }

  async file(actor: Actor, documentId: number, version: number) {
    const row = await this.find(actor, documentId, version);
    return { key: row.sourceKey, fileName: row.fileName };
  }

  async markdown(actor: Actor, documentId: number, version: number): Promise<DocumentMarkdown> {
    const row = await this.find(actor, documentId, version);
    return this.content(row);
  }

  /** Step-level differences between two versions of one document, read from their markdown. */
  async diff(actor: Actor, documentId: number, from: number, to: number): Promise<VersionDiff> {
    const [before, after] = await Promise.all([
      this.find(actor, documentId, from),
      this.find(actor, documentId, to),
    ]);
    const [old, now] = await Promise.all([this.content(before), this.content(after)]);
    return { documentId, from, to, ...diffSop(old.markdown, now.markdown) };
  }

  async content(row: DocumentVersionEntity): Promise<DocumentMarkdown> {
    if (!row.markdownKey) throw RpcFailure.notFound(versionContentMissing(row.version));
    const [markdown, plain] = await Promise.all([
      text(await this.storage.get(row.markdownKey)),
      row.textKey ? text(await this.storage.get(row.textKey)) : Promise.resolve(''),
    ]);
    return { version: row.version, markdown, text: plain };
  }

  /**
   * Names of the uploaders who are still the organization's people, asked by id a batch at a
   * time (at 100,000 people the whole member list was 18 MiB for a few names); none when
   * identity is away.
   */
  private async memberNames(
    organizationId: number,
    userIds: number[],
  ): Promise<Map<number, string>> {
    const found = await membersByIds(this.rpc, organizationId, userIds).catch(() => []);
    return new Map(found.map((member) => [member.id, member.name]));
  }
}
