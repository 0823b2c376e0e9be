import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull, LessThan, Not } from 'typeorm';
import { DocumentEntity } from '../documents/document.entity.js';
import { DocumentVersionEntity } from '../documents/document-version.entity.js';
import { newRunState } from '../processing/document-stages.js';

export interface NewVersionFile {
  changeNote: string;
  storagePrefix: string;
  sourceKey: string;
  fileName: string;
  fileSize: number;
  uploadedBy: number;
}

/** One version's safety check: which document, of which organization. */
export type SafetyCheck = Pick<DocumentVersionEntity, 'documentId' | 'version' | 'organizationId'>;

/** Queries on document versions; every one is scoped to an organization by its caller's document. */
@Injectable()
export class VersionsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private versions(manager: EntityManager = this.db.manager) {
    return manager.getRepository(DocumentVersionEntity);
  }

  documentExists(documentId: number): Promise<boolean> {
    return this.db.getRepository(DocumentEntity).existsBy({ id: documentId });
  }

  list(documentId: number): Promise<DocumentVersionEntity[]> {
    return this.versions().find({ where: { documentId }, order: { version: 'DESC' } });
  }

  /** The version, read in `manager`'s transaction when given. */
  find(
    documentId: number,
    version: number,
    manager?: EntityManager,
  ): Promise<DocumentVersionEntity | null> {
    return this.versions(manager).findOneBy({ documentId, version });
  }

  /** The latest version before `version` whose processing produced its markdown. */
  latestProcessedBefore(documentId: number, version: number) {
    return this.versions().findOne({
      where: { documentId, version: LessThan(version), markdownKey: Not(IsNull()) },
      order: { version: 'DESC' },
    });
  }

  /**
   * The version people are held to: the current one, unless its processing failed, which leaves
   * the last one processed before it in force (its content is what the document shows), until a
   * retry or a newer version. While the current one is processed it is the one in force: what
   * was asked before it is not acknowledged any more.
   */
  async inForce(documentId: number, currentVersion: number): Promise<number> {
    const current = await this.find(documentId, currentVersion);
    if (!current?.processingError || current.markdownKey) return currentVersion;
    return (
      (await this.latestProcessedBefore(documentId, currentVersion))?.version ?? currentVersion
    );
  }

  /** The first version of a new document (in the transaction creating it): its file. */
  async recordFirst(tx: EntityManager, document: DocumentEntity, changeNote = ''): Promise<void> {
    await this.versions(tx).insert({
      documentId: document.id,
      version: 1,
      organizationId: document.organizationId,
      fileName: document.fileName,
      fileSize: document.fileSize,
      storagePrefix: document.storagePrefix,
      sourceKey: document.sourceKey,
      changeNote,
      uploadedBy: document.uploadedBy,
      processingRun: document.processingRun,
    });
  }

  /**
   * Makes `file` the next version and the document's current file, as a new processing run, in
   * one transaction. The document row is locked, so two uploads at once get versions N+1 and
   * N+2, not one number twice. Null when the document is not the organization's.
   */
  addVersion(
    organizationId: number,
    documentId: number,
    file: NewVersionFile,
  ): Promise<{ document: DocumentEntity; previousRun: number } | null> {
    return this.db.transaction(async (tx) => {
      const documents = tx.getRepository(DocumentEntity);
      const document = await documents.findOne({
        where: { id: documentId, organizationId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!document) return null;
      const previousRun = document.processingRun;
      const version = document.currentVersion + 1;
      const run = document.processingRun + 1;
      await this.versions(tx).insert({
        documentId,
        version,
        organizationId,
        fileName: file.fileName,
        fileSize: file.fileSize,
        storagePrefix: file.storagePrefix,
        sourceKey: file.sourceKey,
        changeNote: file.changeNote,
        uploadedBy: file.uploadedBy,
        processingRun: run,
      });
      await documents.update(documentId, {
        currentVersion: version,
        fileName: file.fileName,
        fileSize: file.fileSize,
        storagePrefix: file.storagePrefix,
        sourceKey: file.sourceKey,
        ...newRunState(run),
      });
      return { document: await documents.findOneByOrFail({ id: documentId }), previousRun };
    });
  }

  /**
   * What a processing run produced lands on the version that run reads; a version above 1 owes
   * its safety check from then on, in the same transaction, so a failure after it is made good.
   */
  async recordProcessed(
    tx: EntityManager,
    documentId: number,
    run: number,
    output: { markdownKey: string; textKey: string; pageCount: number },
  ): Promise<void> {
    await this.versions(tx).update(
      { documentId, processingRun: run },
      { ...output, processingError: null, safetyCheckOwed: () => 'version > 1' },
    );
  }

  /** Versions whose safety check is still owed, oldest first, at most `limit`. */
  owedSafetyChecks(limit: number): Promise<SafetyCheck[]> {
    return this.versions().find({
      where: { safetyCheckOwed: true },
      select: { documentId: true, version: true, organizationId: true },
      order: { documentId: 'ASC', version: 'ASC' },
      take: limit,
    });
  }

  async settleSafetyCheck(documentId: number, version: number): Promise<void> {
    await this.versions().update({ documentId, version }, { safetyCheckOwed: false });
  }

  /** Owed again: the version's acknowledgement request failed after its check ran through. */
  async oweSafetyCheck(documentId: number, version: number): Promise<void> {
    await this.versions().update({ documentId, version }, { safetyCheckOwed: true });
  }

  async recordFailed(
    documentId: number,
    run: number,
    reason: string,
    manager?: EntityManager,
  ): Promise<void> {
    await this.versions(manager).update(
      { documentId, processingRun: run },
      { processingError: reason },
    );
  }

  /** A retry processes the current version again, as a new run. */
  async recordRestart(documentId: number, version: number, run: number): Promise<void> {
    await this.versions().update(
      { documentId, version },
      { processingRun: run, processingError: null },
    );
  }
}
