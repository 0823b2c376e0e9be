import { text } from 'node:stream/consumers';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { certificationRpc } from '@hub/proto';
import type { ObjectStorage, RpcClient } from '@hub/kit';
import type { DocumentEntity } from '../documents/document.entity.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { isSafetyTag, safetyChanges } from './safety-relevance.js';
import { diffSop } from './step-diff.js';
import { VersionsRepository } from './versions.repository.js';

/**
 * Once a new version of an SOP is processed, a change touching a safety-relevant section sends
 * the SOP's certified people back to observation (the observation service marks their
 * certifications, once per version, so a repeat of this message marks nobody twice).
 */
export class SafetyReobservation {
  private readonly logger = new Logger('SafetyReobservation');
  private readonly versions: VersionsRepository;
  private readonly documents: DocumentsRepository;

  constructor(
    db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly rpc: RpcClient,
  ) {
    this.versions = new VersionsRepository(db);
    this.documents = new DocumentsRepository(db, this.versions);
  }

  /** Whether the new version touches a safety-relevant section (false when unknown). */
  async check(document: DocumentEntity): Promise<boolean> {
    if (document.currentVersion < 2) return false;
    try {
      if (!(await this.touchesSafety(document))) return false;
      await this.rpc.call(certificationRpc.requireReobservation, {
        organizationId: document.organizationId,
        documentId: document.id,
        version: document.currentVersion,
      });
      return true;
    } catch (error) {
      this.logger.warn(`re-observation after document ${document.id}: ${String(error)}`);
      return false;
    }
  }

  /** Compares the new version with the latest earlier one that was processed. */
  private async touchesSafety(document: DocumentEntity): Promise<boolean> {
    const { versions } = this;
    const [current, previous, tagged] = await Promise.all([
      versions.find(document.id, document.currentVersion),
      versions.latestProcessedBefore(document.id, document.currentVersion),
      this.taggedSafety(document.id),
    ]);
    if (!current?.markdownKey || !previous?.markdownKey) return false;
    const [before, after] = await Promise.all([
      this.read(previous.markdownKey),
      this.read(current.markdownKey),
    ]);
    const changes = safetyChanges(diffSop(before, after).changes, tagged);
    if (changes.length === 0) return false;
    const first = changes[0]!;
    this.logger.log(
      `document ${document.id} v${previous.version}->v${current.version}: ${first.status} ${first.kind} "${first.after ?? first.before}" under "${first.section ?? ''}" is safety-relevant`,
    );
    return true;
  }

  private async taggedSafety(documentId: number): Promise<boolean> {
    const document = await this.documents.findWithTags(documentId);
    return (document?.tags ?? []).some((tag) => isSafetyTag(tag.name));
  }

  private async read(key: string): Promise<string> {
    return text(await this.storage.get(key));
  }
}
