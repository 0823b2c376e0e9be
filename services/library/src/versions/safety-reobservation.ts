import { text } from 'node:stream/consumers';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { certificationRpc } from '@hub/proto';
import type { ObjectStorage, RpcClient } from '@hub/kit';
import type { AcknowledgementRequests } from '../acknowledgements/acknowledgement-requests.js';
import type { DocumentEntity } from '../documents/document.entity.js';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { isSafetyTag, safetyChanges } from './safety-relevance.js';
import { diffSop } from './step-diff.js';
import { type SafetyCheck, VersionsRepository } from './versions.repository.js';

/** Owed checks one sweep runs again at most (the sweeper comes back every minute). */
const OWED_BATCH = 100;

/**
 * Once a new version of an SOP is processed, a change touching a safety-relevant section sends
 * the SOP's certified people back to observation (the observation service marks their
 * certifications, once per version, so a repeat of this message marks nobody twice). The check
 * is owed from the version's processing until it ran through: one that failed (the observation
 * service away, storage unreadable) is run again by the sweeper, not lost. So is the version's
 * acknowledgement request, owed again when its holders were unknown (AcknowledgementRequests),
 * and asked with each retry (a repeat asks nobody twice).
 */
export class SafetyReobservation {
  private readonly logger = new Logger('SafetyReobservation');
  private readonly versions: VersionsRepository;
  private readonly documents: DocumentsRepository;

  constructor(
    db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly rpc: RpcClient,
    private readonly acknowledgements: AcknowledgementRequests,
  ) {
    this.versions = new VersionsRepository(db);
    this.documents = new DocumentsRepository(db, this.versions);
  }

  /**
   * Whether the document's new current version touches a safety-relevant section (false when
   * unknown); true also when asking for the re-observation failed, which stays owed.
   */
  async check(document: DocumentEntity): Promise<boolean> {
    const { relevant } = await this.settle({
      documentId: document.id,
      version: document.currentVersion,
      organizationId: document.organizationId,
    });
    return relevant;
  }

  /** Runs again the checks (and acknowledgement requests) that failed; how many ran through. */
  async retryOwed(): Promise<number> {
    let settled = 0;
    for (const owed of await this.versions.owedSafetyChecks(OWED_BATCH)) {
      if ((await this.settle(owed, true)).settled) settled += 1;
    }
    return settled;
  }

  /**
   * Checks the version and asks for the re-observation it needs, then (`ask`: a retry, the inbox
   * asks itself) the holders' acknowledgements; settled once all went well.
   */
  private async settle(
    check: SafetyCheck,
    ask = false,
  ): Promise<{ relevant: boolean; settled: boolean }> {
    const { documentId, version, organizationId } = check;
    if (version < 2) return { relevant: false, settled: true };
    let relevant = false;
    try {
      relevant = await this.touchesSafety(check);
      if (relevant) {
        await this.rpc.call(certificationRpc.requireReobservation, {
          organizationId,
          documentId,
          version,
        });
      }
      if (ask && !(await this.askAcknowledgements(check, relevant)))
        return { relevant, settled: false };
      await this.versions.settleSafetyCheck(documentId, version);
      return { relevant, settled: true };
    } catch (error) {
      this.logger.warn(
        `re-observation after document ${documentId} v${version} owed, asked again later: ${String(error)}`,
      );
      return { relevant, settled: false };
    }
  }

  /** Only for the current version: a later one asks its own holders. False: still owed. */
  private async askAcknowledgements(check: SafetyCheck, relevant: boolean): Promise<boolean> {
    const document = await this.documents.findWithTags(check.documentId);
    if (document?.currentVersion !== check.version) return true;
    return this.acknowledgements.ask(document, relevant);
  }

  /** Compares the version with the latest earlier one that was processed. */
  private async touchesSafety({ documentId, version }: SafetyCheck): Promise<boolean> {
    const { versions } = this;
    const [current, previous, tagged] = await Promise.all([
      versions.find(documentId, version),
      versions.latestProcessedBefore(documentId, version),
      this.taggedSafety(documentId),
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
      `document ${documentId} v${previous.version}->v${current.version}: ${first.status} ${first.kind} "${first.after ?? first.before}" under "${first.section ?? ''}" is safety-relevant`,
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
