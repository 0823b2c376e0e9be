import { text } from 'node:stream/consumers';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type MySop,
  type MySopList,
  type MySopReason,
  observationRpc,
  type RpcAnswer,
  type libraryRpc,
} from '@hub/proto';
import { type ObjectStorage, RpcClient, RpcFailure } from '@hub/kit';
import { STORAGE } from '../config.js';
import type { DocumentEntity } from '../documents/document.entity.js';
import { NOT_FOUND } from '../documents/documents.service.js';
import { MySopsRepository } from './my-sops.repository.js';

type MySopAnswer = RpcAnswer<typeof libraryRpc.mySop>;

/**
 * Everyone reads the SOPs that are theirs (courses, job functions, certifications: the
 * observation service knows which), read-only; every other document does not exist for them.
 */
@Injectable()
export class MySopsService {
  constructor(
    @Inject(MySopsRepository) private readonly repository: MySopsRepository,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  private pending(actor: Actor, documents: DocumentEntity[]) {
    return this.repository.pending(
      actor.organizationId,
      actor.userId,
      documents.map((document) => document.id),
    );
  }

  private reasonsOf(actor: Actor, documentId?: number) {
    return this.rpc.call(observationRpc.memberSops, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      documentId,
    });
  }

  private summary(document: DocumentEntity, reasons: MySopReason[], pending: Set<number>): MySop {
    return {
      documentId: document.id,
      title: document.title,
      version: document.currentVersion,
      reasons,
      mustAcknowledge: pending.has(document.id),
    };
  }

  async list(actor: Actor): Promise<MySopList> {
    const mine = await this.reasonsOf(actor);
    if (mine.length === 0) return { sops: [] };
    const documents = await this.repository.documents(
      actor.organizationId,
      mine.map((sop) => sop.documentId),
    );
    const reasons = new Map(mine.map((sop) => [sop.documentId, sop.reasons]));
    const pending = await this.pending(actor, documents);
    return {
      sops: documents.map((document) =>
        this.summary(document, reasons.get(document.id) ?? [], pending),
      ),
    };
  }

  /** The document, if it is one of the actor's; 404 otherwise, as for a document that is not. */
  private async mine(actor: Actor, documentId: number) {
    const [mine] = await this.reasonsOf(actor, documentId);
    const document = mine ? await this.repository.document(actor.organizationId, documentId) : null;
    if (!mine || !document) throw RpcFailure.notFound(NOT_FOUND);
    return { document, reasons: mine.reasons };
  }

  /**
   * The content of the version processed last, named by its number: while a newer version is
   * processed, or after it failed, the row keeps the earlier one's, and that is what there is to
   * read (its change note, acknowledgement and PDF go with it).
   */
  async get(actor: Actor, documentId: number): Promise<MySopAnswer> {
    const { document, reasons } = await this.mine(actor, documentId);
    if (!document.markdownKey) {
      throw RpcFailure.notFound(
        'Document content not available - processing may still be in progress',
      );
    }
    const shown = await this.repository.contentVersion(document.id, document.markdownKey);
    const version = shown?.version ?? document.currentVersion;
    const [markdown, acknowledgement, pending] = await Promise.all([
      text(await this.storage.get(document.markdownKey)),
      this.repository.acknowledgedAt(document.id, version, actor.userId),
      this.pending(actor, [document]),
    ]);
    return {
      ...this.summary(document, reasons, pending),
      version,
      description: document.description,
      changeNote: shown?.changeNote ?? '',
      markdown,
      acknowledgedAt: acknowledgement?.toISOString() ?? null,
      file: shown
        ? { key: shown.sourceKey, fileName: shown.fileName }
        : { key: document.sourceKey, fileName: document.fileName },
    };
  }

  async image(actor: Actor, documentId: number, imageId: string) {
    const { document } = await this.mine(actor, documentId);
    const image = await this.repository.image(document.id, imageId);
    if (!image) throw RpcFailure.notFound('Image not found');
    return { key: image.storageKey };
  }
}
