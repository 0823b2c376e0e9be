import { Inject, Injectable } from '@nestjs/common';
import {
  ACKNOWLEDGED_VERSION_NOT_CURRENT,
  ACKNOWLEDGED_VERSION_PROCESSING,
  type Actor,
  type VersionAcknowledgement,
  type VersionDiff,
} from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import type { DocumentEntity } from '../documents/document.entity.js';
import { DocumentsService } from '../documents/documents.service.js';
import { VersionsRepository } from '../versions/versions.repository.js';
import { VersionsService } from '../versions/versions.service.js';
import type { AcknowledgementEntity } from './acknowledgement.entity.js';
import { AcknowledgementsRepository } from './acknowledgements.repository.js';

/**
 * Acknowledging the version of a document in force: the current one, or, when its processing
 * failed, the last one processed before it (what everyone reads meanwhile, see
 * `VersionsRepository.inForce`). Operators cannot open the library: they see a document, and
 * its changes, only when asked to acknowledge that version.
 */
@Injectable()
export class AcknowledgementsService {
  constructor(
    @Inject(AcknowledgementsRepository) private readonly repository: AcknowledgementsRepository,
    @Inject(VersionsRepository) private readonly versionRows: VersionsRepository,
    @Inject(DocumentsService) private readonly documents: DocumentsService,
    @Inject(VersionsService) private readonly versions: VersionsService,
  ) {}

  async view(actor: Actor, documentId: number): Promise<VersionAcknowledgement> {
    const document = await this.documents.find(actor, documentId);
    const version = await this.versionRows.inForce(document.id, document.currentVersion);
    const row = await this.visibleRow(actor, document.id, version);
    return this.toView(actor, document, version, row);
  }

  /**
   * `version` is the one the reader was shown: a newer one uploaded since is refused, not
   * acknowledged unread; so is a version whose content is not processed yet (nothing to read).
   */
  async acknowledge(
    actor: Actor,
    documentId: number,
    version?: number,
  ): Promise<VersionAcknowledgement> {
    const document = await this.documents.find(actor, documentId);
    const current = await this.versionRows.inForce(document.id, document.currentVersion);
    await this.visibleRow(actor, document.id, current);
    if (version !== undefined && version !== current) {
      throw new RpcFailure('conflict', ACKNOWLEDGED_VERSION_NOT_CURRENT);
    }
    if (!(await this.versionRows.find(document.id, current))?.markdownKey) {
      throw new RpcFailure('conflict', ACKNOWLEDGED_VERSION_PROCESSING);
    }
    const ref = { documentId: document.id, version: current, organizationId: actor.organizationId };
    await this.repository.acknowledge(ref, actor.userId);
    return this.view(actor, documentId);
  }

  /** The actor's row on the version in force; an operator never asked sees no document. */
  private async visibleRow(actor: Actor, documentId: number, version: number) {
    const row = await this.repository.find(documentId, version, actor.userId);
    if (actor.role === 'operator' && !row?.requestedAt) {
      throw RpcFailure.notFound('Document not found');
    }
    return row;
  }

  private async toView(
    actor: Actor,
    document: DocumentEntity,
    inForce: number,
    row: AcknowledgementEntity | null,
  ): Promise<VersionAcknowledgement> {
    const version = await this.versionRows.find(document.id, inForce);
    return {
      documentId: document.id,
      title: document.title,
      version: inForce,
      changeNote: version?.changeNote ?? '',
      requestedAt: row?.requestedAt?.toISOString() ?? null,
      acknowledgedAt: row?.acknowledgedAt?.toISOString() ?? null,
      mustAcknowledge: Boolean(row?.requestedAt) && !row?.acknowledgedAt,
      diff: await this.changes(actor, document.id, inForce),
    };
  }

  /**
   * Changes since the latest earlier version that was processed (the one the holders could read:
   * a version whose processing failed or was superseded has no content), as the safety check
   * compares; none for a first version or one still processed.
   */
  private async changes(actor: Actor, documentId: number, to: number): Promise<VersionDiff | null> {
    if (to < 2) return null;
    const from = await this.versionRows.latestProcessedBefore(documentId, to);
    if (!from) return null;
    try {
      return await this.versions.diff(actor, documentId, from.version, to);
    } catch (error) {
      if (error instanceof RpcFailure && error.kind === 'not_found') return null;
      throw error;
    }
  }
}
